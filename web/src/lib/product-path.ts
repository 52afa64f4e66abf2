/** The query parameter that names the colour on a product's address. */
export const COLOR_PARAM = 'color';

/** The product's address in a colour: `/product/oxford?color=navy` (the unnamed colour has none). */
export function productColorPath(id: string, color: string | null): string {
  const path = `/product/${encodeURIComponent(id)}`;
  return color ? `${path}?${new URLSearchParams({ [COLOR_PARAM]: color }).toString()}` : path;
}
