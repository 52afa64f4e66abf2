import { colorSwatches } from '@shop/core';

/** The colour a swatch is painted in; a neutral grey for a colour the shop has no swatch for. */
export function swatchFor(color: string): string {
  return colorSwatches[color.toLowerCase()] ?? '#c9c4bd';
}
