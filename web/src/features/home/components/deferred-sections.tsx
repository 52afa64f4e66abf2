import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useSeenOnce } from '../hooks/use-in-view.ts';

/** Once fetched, later visits to the home page render the sections at once (Back lands where it left). */
let loadedSections: ComponentType | null = null;

async function loadSections(): Promise<ComponentType> {
  loadedSections ??= (await import('./below-the-fold.tsx')).default;
  return loadedSections;
}

/**
 * The sections under the hero, fetched (about 9 KB gzip) once the space they take comes on
 * screen, or at once when the navigation asks to scroll to one of them: on a phone the hero
 * fills the first screen and needs none of their code. Until they arrive, a screen-high
 * placeholder keeps what follows (Learn About Us, the footer) out of the first screen, so
 * nothing in view moves when they do. Once there, they stay.
 *
 * Rendered once loaded rather than through React.lazy and Suspense: React reveals what
 * replaces a Suspense fallback on a timer (up to 300 ms later), which never fires while
 * timers are paused, as in the browser journeys that hold the clock still.
 */
export function DeferredSections({ loadNow }: { loadNow: boolean }) {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const inView = useSeenOnce(placeholderRef, '0px');
  const [Sections, setSections] = useState(() => loadedSections);
  const wanted = inView || loadNow;

  useEffect(() => {
    if (wanted && !Sections) void loadSections().then((loaded) => setSections(() => loaded));
  }, [wanted, Sections]);

  return Sections ? <Sections /> : <div ref={placeholderRef} className="min-h-dvh bg-paper" />;
}
