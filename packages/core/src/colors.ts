/**
 * The colours products come in, with the swatch shown in colour dots and used to draw
 * the catalogue's illustrations. Names are lower case; the API speaks these names.
 */
export const colorSwatches: Readonly<Record<string, string>> = {
  white: '#f5f5f2',
  black: '#1d1d1f',
  navy: '#1f2a4d',
  grey: '#8a8d91',
  olive: '#6b7041',
  maroon: '#6d1f2b',
  beige: '#d8c8a8',
  'sky blue': '#8cb8dc',
  mustard: '#d4a62a',
  'bottle green': '#1f4d3a',
  rust: '#b0532c',
  pink: '#e8a9b8',
  gold: '#c9a441',
  silver: '#b8bcc2',
  brown: '#6b4630',
  red: '#b3261e',
};

export function isKnownColor(name: string): boolean {
  return Object.hasOwn(colorSwatches, name);
}
