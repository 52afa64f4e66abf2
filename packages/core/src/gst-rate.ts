/**
 * The GST rate (whole percent) the shop charges by default, and what is said beside a price that
 * includes GST, in a module of their own: the storefront's footer shows them, and importing them
 * must not bring the rest of the store's settings into every page's first download.
 */
export const DEFAULT_GST_PERCENT = 18;

/** What is said beside a price that includes GST, as Indian retail says it. */
export const INCLUSIVE_TAX_NOTE = 'Inclusive of all taxes';
