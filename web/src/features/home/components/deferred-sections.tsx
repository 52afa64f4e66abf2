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
 * Keyboard order holds whatever the timing: the box the sections fill is there from the first
 * render (the server's too) and is the next stop after the hero while they load, so Tab cannot
 * jump past them to "Collaborate with us". They fill that same box, which keeps the focus
 * (`tabIndex` -1: focusable, no longer a Tab stop), so the next Tab goes to their first control.
 *
 * Rendered once loaded rather than through React.lazy and Suspense: React reveals what
 * replaces a Suspense fallback on a timer (up to 300 ms later), which never fires while
 * timers are paused, as in the browser journeys that hold the clock still.
 */
export function DeferredSections({ loadNow }: { loadNow: boolean }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const inView = useSeenOnce(boxRef, '0px');
  const [focused, setFocused] = useState(false);
  const [Sections, setSections] = useState(() => loadedSections);
  const wanted = inView || loadNow || focused;

  useEffect(() => {
    if (wanted && !Sections) void loadSections().then((loaded) => setSections(() => loaded));
  }, [wanted, Sections]);

  if (Sections) {
    return (
      <div ref={boxRef} tabIndex={-1} className="outline-none">
        <Sections />
      </div>
    );
  }
  return (
    <div
      ref={boxRef}
      role="region"
      aria-label="Deals, new arrivals and reviews"
      aria-busy="true"
      tabIndex={0}
      onFocus={() => setFocused(true)}
      className="min-h-dvh bg-paper"
    >
      <p className="px-4 pt-16 text-center text-sm text-muted">Loading deals, new arrivals and reviews…</p>
    </div>
  );
}
