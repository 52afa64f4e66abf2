/**
 * The GST rate (whole percent) the shop charges by default, in a module of its own: the
 * storefront's footer shows it before the shop's details arrive, and importing it must not bring
 * the rest of the store's settings into every page's first download.
 */
export const DEFAULT_GST_PERCENT = 18;
