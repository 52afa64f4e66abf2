import { formatRupees, toPaise, variantLabel } from '@shop/core';

/** The API speaks rupees as numbers; show them the core way: 1199 → "₹1,199.00". */
export function formatPrice(rupees: number): string {
  return formatRupees(toPaise(rupees));
}

/** "navy" → "Navy", "sky blue" → "Sky blue". */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Seconds as "mm:ss", e.g. 359 → "05:59". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A cart or order line's variant as shoppers read it: "Navy / M"; "Size M" for a product
 * without named colours (and an order placed before colours were recorded).
 */
export function variantText({ color, size }: { color: string | null; size: string }): string {
  return color ? variantLabel({ color, size }) : `Size ${size}`;
}
