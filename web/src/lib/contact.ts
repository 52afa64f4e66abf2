/** How shoppers reach the shop (footer, policies page): from core, which the shop's messages share. */
export { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from '@shop/core';
