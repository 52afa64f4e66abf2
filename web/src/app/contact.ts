/** How shoppers reach the shop (footer, policies page). Replies within 24-48 hours (spec §9). */
export const SUPPORT_EMAIL = 'care@kapas.in';
export const SUPPORT_PHONE = '+91 80 4718 2200';
export const SUPPORT_HOURS = 'Monday to Saturday, 10am to 6pm IST';
