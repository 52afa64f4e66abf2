import type { RootState } from '../../lib/store/store.ts';

/** The id of the script element holding the store a server-rendered page was rendered from. */
export const SERVER_STATE_ID = 'shop-state';

/** The store the server rendered this page from, or null on a page the browser renders alone. */
export function readServerState(): Partial<RootState> | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as Partial<RootState>;
  } catch {
    return null;
  }
}
