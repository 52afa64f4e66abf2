import { STORE_NAME, STORE_TAGLINE } from '@shop/core';

/** The shop's name and the lines the shell repeats: from core, which the shop's messages share. */
export { STORE_NAME, STORE_TAGLINE };

export function pageTitle(title?: string): string {
  return title ? `${title} · ${STORE_NAME}` : `${STORE_NAME} — ${STORE_TAGLINE}`;
}
