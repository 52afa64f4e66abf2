/**
 * The product page's part of the real viewer count: while the page is visible it tells the
 * server every 30 s that this visitor has the product open, and shows what the server answers
 * (a number from two upwards, else nothing). The visitor is an anonymous random id kept for the
 * tab in sessionStorage: no account, no cookie, and a reload is the same visitor.
 */
import { useEffect, useState } from 'react';
import { useBeatProductViewersMutation } from './catalog-api.ts';

/** How often a visible page says it is still open (the server forgets a visitor after 2 minutes). */
export const VIEWER_BEAT_MS = 30_000;

const VISITOR_KEY = 'product-viewer';
let memoryVisitor: string | null = null;

function newVisitorId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This tab's visitor id; in memory where storage is refused (private modes). */
export function visitorId(): string {
  try {
    const kept = window.sessionStorage.getItem(VISITOR_KEY);
    if (kept) return kept;
    const made = newVisitorId();
    window.sessionStorage.setItem(VISITOR_KEY, made);
    return made;
  } catch {
    memoryVisitor ??= newVisitorId();
    return memoryVisitor;
  }
}

/** How many visitors have `productId` open, from two upwards; null otherwise (and while unknown). */
export function useViewerCount(productId: string | undefined): number | null {
  const [beat] = useBeatProductViewersMutation();
  // Kept with the product it counts, so another product never shows this one's number.
  const [count, setCount] = useState<{ productId: string; viewers: number | null } | null>(null);

  useEffect(() => {
    if (!productId) return undefined;
    const setViewers = (viewers: number | null) => setCount({ productId, viewers });
    let timer: ReturnType<typeof setInterval> | null = null;
    let live = true;
    const send = async () => {
      try {
        const answer = await beat({ id: productId, visitor: visitorId() }).unwrap();
        if (live) setViewers(answer.viewers);
      } catch {
        // A count that cannot be had is not shown: better nothing than a stale or made-up number.
        if (live) setViewers(null);
      }
    };
    const start = () => {
      if (timer !== null || document.visibilityState !== 'visible') return;
      void send();
      timer = setInterval(() => void send(), VIEWER_BEAT_MS);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    // A hidden page is not being viewed: it stops beating, and the server forgets it in time.
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : stop());
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [beat, productId]);

  return count !== null && count.productId === productId ? count.viewers : null;
}
