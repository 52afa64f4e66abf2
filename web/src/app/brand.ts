/** The shop's name and the lines the shell repeats. One place, so it stays consistent. */
export const STORE_NAME = 'KAPAS';
export const STORE_TAGLINE = 'Menswear, made for India';

export function pageTitle(title?: string): string {
  return title ? `${title} · ${STORE_NAME}` : `${STORE_NAME} — ${STORE_TAGLINE}`;
}
