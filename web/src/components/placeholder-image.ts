/**
 * A small picture of a garment, drawn inline: what a product card, a product page, or a cart,
 * checkout or order line shows when its product image is missing or fails to load (spec §2's
 * fallback image). A data URL, so it needs no request and cannot fail itself.
 */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 100"><rect width="80" height="100" fill="#f1ebe3"/>' +
    '<path d="M30 24 20 29l-7 15 8 4 4-7v35h30V41l4 7 8-4-7-15-10-5c-1 4-5 7-10 7s-9-3-10-7Z" fill="#e4d9cb" ' +
    'stroke="#c9b9a4" stroke-width="1.5" stroke-linejoin="round"/></svg>',
)}`;
