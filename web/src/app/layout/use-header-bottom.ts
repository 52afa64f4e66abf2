import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--header-bottom` on <html> at where the sticky header ends on screen, in px: below the
 * offers bar at the top of the page, at 64 px once that has scrolled away, lower while the phone
 * menu is open. The toasts stand under it (index.css), so they never cover the header's links.
 */
export function useHeaderBottom(headerRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const root = document.documentElement;
    let frame = 0;
    const measure = () => {
      frame = 0;
      root.style.setProperty('--header-bottom', `${Math.max(0, Math.round(header.getBoundingClientRect().bottom))}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    resized?.observe(header);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
      root.style.removeProperty('--header-bottom');
    };
  }, [headerRef]);
}
