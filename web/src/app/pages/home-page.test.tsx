import { act, screen, within } from '@testing-library/react';
import { DealsCountdown } from '../../features/home/components/deals-section.tsx';
import { mockReducedMotion } from '../../features/home/hooks/test-media.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { makeStoreInfo } from '../../test/fixtures.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

function renderHome(state?: unknown) {
  const api = createFakeApi({ 'GET /store': () => makeStoreInfo() });
  return renderWithProviders(<HomePage />, { api, route: '/', path: '/', state });
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
      'The Monsoon Overshirt',
      'Follow Us On Instagram',
      'This Is What Our Customers Say',
      'Learn About Us',
    ]);
    expect(document.getElementById('deals-section')).toContainElement(screen.getByText('Hurry, Before It’s Too Late!'));
    expect(document.getElementById('newarrivals')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Collaborate with us/ })).toHaveAttribute('href', '/collaboration');
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
    act(() => within(reviews).getByRole('button', { name: 'Previous review' }).click());
    expect(current()).toHaveTextContent('Sameer Khan');
    act(() => within(reviews).getByRole('button', { name: 'Next review' }).click());
    act(() => within(reviews).getByRole('button', { name: 'Next review' }).click());
    expect(current()).toHaveTextContent('Rohan Iyer');
  });

  it('shows the specials banner at ₹1,199.00 with sizes S to XL', async () => {
    const { user } = renderHome();
    const banner = screen.getByRole('heading', { name: 'The Monsoon Overshirt' }).closest('section')!;
    expect(within(banner).getByText('₹1,199.00')).toBeInTheDocument();
    const sizes = within(banner)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(sizes).toEqual(['S', 'M', 'L', 'XL']);
    await user.click(within(banner).getByRole('button', { name: 'XL' }));
    expect(within(banner).getByRole('button', { name: 'XL' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(banner).getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/products');
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

  it('starts at 3 days from page load, zero-padded, ticks each second and stops at zero', () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { unmount } = renderWithProviders(<DealsCountdown endsAt={start + 259_200_000} />);
    const timer = screen.getByRole('timer', { name: 'Deals end in' });
    expect(timer).toHaveTextContent('03Days00Hr00Min00Sec');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('02Days23Hr59Min59Sec');
    act(() => vi.advanceTimersByTime(259_199_000));
    expect(timer).toHaveTextContent('00Days00Hr00Min00Sec');
    act(() => vi.advanceTimersByTime(5000));
    expect(timer).toHaveTextContent('00Days00Hr00Min00Sec');
    unmount();
  });

  it('counts from the page load, not from when the section appears', () => {
    vi.useFakeTimers();
    renderWithProviders(<DealsCountdown endsAt={Date.now() + 90_061_000} />);
    expect(screen.getByRole('timer')).toHaveTextContent('01Days01Hr01Min01Sec');
  });
});
