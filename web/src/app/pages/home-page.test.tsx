import { act, screen, within } from '@testing-library/react';
import { DealsSection } from '../../features/home/components/deals-section.tsx';
import { mockReducedMotion } from '../../features/home/hooks/test-media.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import type { Deal, HomePage as HomeData } from '@shop/core';
import { makeHomePage, makeStoreInfo } from '../../test/fixtures.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

function renderHome(state?: unknown, home: HomeData = makeHomePage()) {
  const api = createFakeApi({ 'GET /store': () => makeStoreInfo(), 'GET /home': () => home });
  return renderWithProviders(<HomePage />, {
    api,
    route: '/',
    path: '/',
    state,
    preloadedState: { home: { data: home } },
  });
}

describe('home page', () => {
  // The sections under the hero are a chunk of their own (`DeferredSections`, tested there);
  // once it has loaded, the page renders them at once, as these tests expect.
  beforeAll(async () => {
    const { unmount } = renderHome();
    try {
      await screen.findByRole('region', { name: 'Current deals' }, { timeout: 10_000 });
    } finally {
      unmount();
    }
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows every section, in order', () => {
    renderHome();
    // The typed heading is read from its screen-reader copy.
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.querySelector('.sr-only')?.textContent ?? h.textContent);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ULTIMATE SALENEW COLLECTION');
    expect(headings).toEqual([
      'Deals Of The Month',
      'New Arrivals',
      'Brushed Flannel Overshirt',
      'Follow Us On Instagram',
      'This Is What Our Customers Say',
      'Learn About Us',
    ]);
    expect(document.getElementById('deals-section')).toContainElement(screen.getByText('Hurry, Before It’s Too Late!'));
    expect(document.getElementById('newarrivals')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Collaborate with us/ })).toHaveAttribute('href', '/collaboration');
    expect(screen.getByRole('img', { name: /^30% off until/ })).toBeInTheDocument();
  });

  it('without a running deal: no countdown, no Hurry, no Buy Now, no hero badge; no testimonials: no section', () => {
    renderHome(undefined, makeHomePage({ deals: [], dealsEndAt: null, heroOffer: null, testimonials: [] }));
    const deals = document.getElementById('deals-section')!;
    expect(within(deals).getByText(/No deals are running right now/)).toBeInTheDocument();
    expect(within(deals).queryByRole('timer')).toBeNull();
    expect(within(deals).queryByText('Hurry, Before It’s Too Late!')).toBeNull();
    expect(within(deals).queryByRole('link', { name: /Buy Now/ })).toBeNull();
    expect(screen.queryByRole('img', { name: /off until/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'This Is What Our Customers Say' })).toBeNull();
  });

  it('Buy Now opens the deal on show', () => {
    renderHome();
    const deals = document.getElementById('deals-section')!;
    expect(within(deals).getByRole('link', { name: /Buy Now: Spring Sale/ })).toHaveAttribute(
      'href',
      '/products?deal=1',
    );
    act(() => within(deals).getByRole('button', { name: 'Next deal' }).click());
    expect(within(deals).getByRole('link', { name: /Buy Now: Summer Breeze/ })).toHaveAttribute(
      'href',
      '/products?deal=2',
    );
  });

  it('New Arrivals: cards open their product, "Almost Sold Out" only where true, View More adds the next page', async () => {
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo(),
      'GET /home/new-arrivals': () => ({
        tab: 't-shirts',
        products: [7, 8].map((n) => ({
          ...makeHomePage().newArrivals.products[0]!,
          _id: `tee-${n}`,
          name: `Cotton Tee ${n}`,
          almostSoldOut: false,
        })),
        page: 2,
        total: 8,
        hasMore: false,
      }),
    });
    const { user } = renderWithProviders(<HomePage />, {
      api,
      route: '/',
      path: '/',
      preloadedState: { home: { data: makeHomePage() } },
    });
    const section = document.getElementById('newarrivals')!;
    expect(within(section).getAllByRole('article')).toHaveLength(6);
    expect(within(section).getAllByText('Almost Sold Out')).toHaveLength(1);
    expect(within(section).getByRole('link', { name: /Cotton Tee 2/ })).toHaveAttribute('href', '/product/tee-2');
    await user.click(within(section).getByRole('button', { name: 'View More' }));
    expect(await within(section).findByText('Cotton Tee 8')).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(8);
    expect(within(section).queryByRole('button', { name: 'View More' })).toBeNull();
  });

  it('sends a visitor to sign in from SHOP NOW and the cart button, and a shopper to the products', () => {
    const { unmount } = renderHome();
    expect(screen.getByRole('link', { name: /SHOP NOW/ })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/signin');
    unmount();

    signIn();
    renderHome();
    expect(screen.getByRole('link', { name: /SHOP NOW/ })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/products');
  });

  it('takes a visitor on to the products after signing in', async () => {
    const { user, router } = renderHome();
    await user.click(screen.getByRole('link', { name: /SHOP NOW/ }));
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.state).toEqual({ from: '/products' });
  });

  it('scrolls to the section named by the navigation', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    renderHome({ scrollTo: 'newarrivals' });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(scrolled).toEqual(['newarrivals']);
  });

  it('ignores a hint naming no section', async () => {
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderHome({ scrollTo: 'footer' });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(spy).not.toHaveBeenCalled();
  });

  it('types the deals heading, keeping its full name for screen readers', () => {
    vi.useFakeTimers();
    renderHome();
    const heading = screen.getByRole('heading', { level: 2, name: 'Deals Of The Month' });
    const typed = () => heading.querySelector('[data-typed]')!.textContent;
    expect(typed()).toBe('');
    act(() => vi.advanceTimersByTime(150 * 5));
    expect(typed()).toBe('Deals');
    act(() => vi.advanceTimersByTime(150 * 13));
    expect(typed()).toBe('Deals Of The Month');
  });

  it('moves the deals with the arrows, wrapping around, and by itself every 10 s', async () => {
    vi.useFakeTimers();
    renderHome();
    const deals = screen.getByRole('region', { name: 'Current deals' });
    const current = () => within(deals).getByRole('group').textContent;
    expect(current()).toContain('01');
    expect(current()).toContain('Spring Sale');
    expect(current()).toContain('30% OFF');

    act(() => within(deals).getByRole('button', { name: 'Previous deal' }).click());
    expect(current()).toContain('Holiday Special');
    expect(current()).toContain('40% OFF');
    act(() => within(deals).getByRole('button', { name: 'Next deal' }).click());
    expect(current()).toContain('Spring Sale');

    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toContain('02');
    expect(current()).toContain('Summer Breeze');
    expect(current()).toContain('25% OFF');
  });

  it('moves the reviews with left and right arrows', () => {
    renderHome();
    const reviews = screen.getByRole('region', { name: 'Customer reviews' });
    const current = () => within(reviews).getByRole('group');
    expect(current()).toHaveTextContent('Arjun Mehta');
    expect(within(current()).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(current()).toHaveTextContent('Sample review');
    act(() => within(reviews).getByRole('button', { name: 'Previous review' }).click());
    expect(current()).toHaveTextContent('Rohan Iyer');
    act(() => within(reviews).getByRole('button', { name: 'Next review' }).click());
    expect(current()).toHaveTextContent('Arjun Mehta');
  });

  it('shows the featured product in the specials banner, at its price, with its sizes', async () => {
    const { user } = renderHome();
    const banner = screen.getByRole('heading', { name: 'Brushed Flannel Overshirt' }).closest('section')!;
    expect(within(banner).getByText('₹139.00')).toBeInTheDocument();
    const sizes = within(banner)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(sizes).toEqual(['S', 'M', 'L', 'XL']);
    expect(within(banner).getByRole('button', { name: 'XL, sold out' })).toBeDisabled();
    await user.click(within(banner).getByRole('button', { name: 'L' }));
    expect(within(banner).getByRole('button', { name: 'L' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(banner).getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/product/overshirt');
    // The shipping blurb is the shop's own promise (GET /store), not a fixed text.
    const shipping = await within(banner).findByText(makeStoreInfo().texts.shippingPromise);
    expect(shipping).toBeInTheDocument();
    for (const text of ['High Quality', 'Over 2 years', '24/7 Support']) {
      expect(within(banner).getByText(text)).toBeInTheDocument();
    }
  });

  it('with reduced motion: the heading is whole at once and nothing moves by itself', () => {
    mockReducedMotion(true);
    vi.useFakeTimers();
    renderHome();
    const deals = screen.getByRole('region', { name: 'Current deals' });
    act(() => vi.advanceTimersByTime(60_000));
    expect(within(deals).getByRole('group')).toHaveTextContent('Spring Sale');
    const heading = screen.getByRole('heading', { level: 2, name: 'Deals Of The Month' });
    expect(heading.querySelector('[data-typed]')).toHaveTextContent('Deals Of The Month');
  });

  it('leaves no timer running once it is gone', () => {
    vi.useFakeTimers();
    const { unmount } = renderHome();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('deals countdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A deal running since an hour ago, to `endsAt`. */
  const running = (n: number, endsAt: string): Deal => ({
    ...makeHomePage().deals[0]!,
    _id: `deal-${n}`,
    title: `Deal ${n}`,
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt,
  });
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
  const slides = () =>
    within(screen.getByRole('region', { name: 'Current deals' }))
      .getAllByRole('group', { hidden: true })
      .map((slide) => slide.textContent);

  it('runs to the end staff set, zero-padded, read from the clock each second, and then says the deals ended', () => {
    vi.useFakeTimers();
    renderWithProviders(<DealsSection deals={[running(1, inSeconds(259_200))]} />);
    const timer = screen.getByRole('timer', { name: 'Deals end in' });
    expect(timer).toHaveTextContent('03Days00Hr00Min00Sec');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('02Days23Hr59Min59Sec');
    // Three days on, the clock read at the next tick.
    vi.setSystemTime(Date.now() + 259_198_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('These deals have ended.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Buy Now/ })).toBeNull();
  });

  it('counts to the same moment whenever the page was opened', () => {
    vi.useFakeTimers();
    renderWithProviders(<DealsSection deals={[running(1, inSeconds(90_061))]} />);
    expect(screen.getByRole('timer')).toHaveTextContent('01Days01Hr01Min01Sec');
  });

  it('runs on to the next end when the first deal ends, and the ended deal leaves the carousel', () => {
    vi.useFakeTimers();
    // The order the shop sends them in: by their end.
    renderWithProviders(
      <DealsSection deals={[running(1, inSeconds(5)), running(2, inSeconds(3_600)), running(3, inSeconds(7_200))]} />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('00Days00Hr00Min05Sec');
    expect(slides()).toHaveLength(3);
    expect(screen.getByRole('link', { name: /^Buy Now/ })).toHaveAccessibleName('Buy Now: Deal 1, 30% OFF');

    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByText('These deals have ended.')).toBeNull();
    expect(screen.getByRole('timer')).toHaveTextContent('00Days00Hr59Min54Sec');
    expect(slides()).toHaveLength(2);
    expect(slides().join(' ')).not.toContain('Deal 1');
    expect(screen.getByRole('link', { name: /^Buy Now/ })).toHaveAccessibleName('Buy Now: Deal 2, 30% OFF');

    vi.setSystemTime(Date.now() + 3_599_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('00Days00Hr59Min54Sec');
    expect(slides()).toHaveLength(1);
  });
});
