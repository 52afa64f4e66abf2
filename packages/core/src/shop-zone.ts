/**
 * The shop's time zone, in a module of its own: the storefront's first page names it (the day
 * an offer ends) and must not bring the calendar's arithmetic (shop-time.ts) into every page's
 * first download.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
/** Minutes Indian Standard Time is ahead of UTC. */
export const SHOP_UTC_OFFSET_MINUTES = 330;
