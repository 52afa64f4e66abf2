import { act, screen } from '@testing-library/react';

/** An IntersectionObserver the test moves by hand: `bringOnScreen()` brings every observed element into view. */
function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      observers.delete(this.entry);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    bringOnScreen() {
      act(() => {
        for (const { callback, targets } of [...observers]) {
          const entries = targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
          callback(entries, {} as IntersectionObserver);
        }
      });
    },
  };
}

/** The sections' chunk is compiled on first import here: allow it more than the default second. */
const chunkLoad = { timeout: 10_000 };

/** The home page as on a first visit: fresh modules, so the sections have not been fetched yet. */
async function freshHome() {
  vi.resetModules();
  const [{ HomePage }, { renderWithProviders }, { makeHomePage, makeStoreInfo }] = await Promise.all([
    import('./home-page.tsx'),
    import('../../test/render.tsx'),
    import('../../test/fixtures.ts'),
    // The layout brings this slice in the app; the page alone does not.
    import('../../lib/store/store-info-slice.ts'),
  ]);
  // With the shop's details, as the server renders the page: nothing is asked for them, so no
  // lazy import of the data layer outlives the test (and the modules reset for the next one).
  const preloadedState = { storeInfo: { data: makeStoreInfo() }, home: { data: makeHomePage() } };
  return (state?: unknown) => renderWithProviders(<HomePage />, { route: '/', path: '/', state, preloadedState });
}

describe('the home sections under the hero', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('load once their place comes on screen; Learn About Us is there from the start', async () => {
    const observer = stubIntersectionObserver();
    const renderHome = await freshHome();
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('NEW COLLECTION');
    expect(screen.getByRole('heading', { name: 'Learn About Us' })).toBeInTheDocument();
    // Time enough for the sections' chunk to arrive, had it been asked for: it was not.
    await act(() => import('../../features/home/components/below-the-fold.tsx'));
    expect(screen.queryByRole('heading', { name: 'New Arrivals' })).not.toBeInTheDocument();

    observer.bringOnScreen();
    expect(await screen.findByRole('heading', { name: 'New Arrivals' }, chunkLoad)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Current deals' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Customer reviews' })).toBeInTheDocument();
  });

  it('load at once when the navigation asks to scroll to one of them, and then scroll there', async () => {
    stubIntersectionObserver();
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    const renderHome = await freshHome();
    renderHome({ scrollTo: 'newarrivals' });
    expect(await screen.findByRole('heading', { name: 'New Arrivals' }, chunkLoad)).toBeInTheDocument();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(scrolled).toEqual(['newarrivals']);
  });

  it(
    'hold their place in the Tab order while they load, and take the focus on from it',
    { timeout: 20_000 },
    async () => {
      stubIntersectionObserver(); // never on screen: only the keyboard asks for them
      const renderHome = await freshHome();
      const { user } = renderHome();
      const collaborate = screen.getByRole('link', { name: /Collaborate with us/ });
      const place = screen.getByRole('region', { name: 'Deals, new arrivals and reviews' });
      // From SHOP NOW onwards, the next stop is the sections' place, not Learn About Us below it.
      screen.getByRole('link', { name: /SHOP NOW/ }).focus();
      for (let stops = 0; stops < 10 && document.activeElement !== place && document.activeElement !== collaborate;) {
        await user.tab();
        stops += 1;
      }
      expect(place).toHaveFocus();

      // Focused, they load; they fill the same place, which keeps the focus…
      expect(await screen.findByRole('heading', { name: 'New Arrivals' }, chunkLoad)).toBeInTheDocument();
      expect(place).toHaveFocus();
      // …so the next Tab is the first control of Deals Of The Month.
      await user.tab();
      expect(document.activeElement).toHaveTextContent('Buy Now');
    },
  );
});
