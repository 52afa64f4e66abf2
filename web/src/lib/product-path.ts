/** The query parameters that name the colour and the size on a product's address. */
export const COLOR_PARAM = 'color';
export const SIZE_PARAM = 'size';

/**
 * The product's address in a colour and size: `/product/oxford?color=navy&size=M` (the unnamed
 * colour, or no size, has no parameter of its own).
 */
export function productVariantPath(id: string, color: string | null, size: string | null): string {
  const path = `/product/${encodeURIComponent(id)}`;
  const query = new URLSearchParams({
    ...(color && { [COLOR_PARAM]: color }),
    ...(size && { [SIZE_PARAM]: size }),
  }).toString();
  return query ? `${path}?${query}` : path;
}

/** The product's address in a colour: `/product/oxford?color=navy`. */
export function productColorPath(id: string, color: string | null): string {
  return productVariantPath(id, color, null);
}
