import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come into view (and stays true). Without IntersectionObserver
 * (old browsers, jsdom) it is true at once.
 */
export function useSeenOnce(ref: RefObject<Element | null>, rootMargin = '0px 0px -15% 0px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
