/**
 * The shop's name, colours and contact details: the storefront's shell and the messages the
 * shop sends both show them, so they live here, once.
 */
export const STORE_NAME = 'KAPAS';
export const STORE_TAGLINE = 'Menswear, made for India';
/** What the shop's generated SKUs start with (`KP-OXF-NAV-M`). */
export const BRAND_SKU_PREFIX = 'KP';

/** How shoppers reach the shop (footer, policies page, messages). Replies within 24-48 hours (spec §9). */
export const SUPPORT_EMAIL = 'care@kapas.in';
export const SUPPORT_PHONE = '+91 80 4718 2200';
export const SUPPORT_HOURS = 'Monday to Saturday, 10am to 6pm IST';

/** The storefront's palette (web/src/index.css names the same colours for Tailwind). */
export const brandColors = {
  ink: '#161514',
  inkSoft: '#2b2926',
  muted: '#6b6660',
  line: '#e6e1da',
  paper: '#faf8f5',
  sand: '#f1ebe3',
  accent: '#9c4a25',
  accentSoft: '#f6e6dc',
  success: '#1f6b43',
  sale: '#b3261e',
} as const;

/** The storefront's type faces, as CSS font stacks. */
export const brandFonts = {
  sans: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  display: "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, ui-serif, serif",
} as const;
