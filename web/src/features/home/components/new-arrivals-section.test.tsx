import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { sampleItems } from '../data.ts';
import { itemsForCategory, pickRandom } from '../new-arrivals.ts';
import { NewArrivalsSection } from './new-arrivals-section.tsx';

function cards() {
  const list = screen.getAllByRole('list').find((l) => within(l).queryAllByRole('article').length > 0)!;
  return within(list).getAllByRole('article');
}

const names = () => cards().map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

describe('New Arrivals', () => {
  it("opens on Men's T-Shirts with all six sample items, each card as the spec draws it", () => {
    renderWithProviders(<NewArrivalsSection />);
    expect(screen.getByRole('button', { name: "Men's T-Shirts" })).toHaveAttribute('aria-pressed', 'true');
    expect(names()).toEqual(sampleItems.map((item) => item.name));

    const first = cards()[0]!;
    expect(within(first).getByText('KAPAS Basics')).toBeInTheDocument();
    expect(within(first).getByText('(4.1k) Customer Reviews')).toBeInTheDocument();
    expect(within(first).getByText('₹599.00')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(first).getByText('Almost Sold Out')).toBeInTheDocument();
    const image = first.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/images/products/t-shirt--navy--front.svg');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '750');
  });

  it('shows three randomly chosen sample items for any other category', async () => {
    const random = vi.fn().mockReturnValueOnce(0.99).mockReturnValueOnce(0).mockReturnValueOnce(0.5);
    const { user } = renderWithProviders(<NewArrivalsSection random={random} />);
    await user.click(screen.getByRole('button', { name: 'Men Accessories' }));
    expect(screen.getByRole('button', { name: 'Men Accessories' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: "Men's T-Shirts" })).toHaveAttribute('aria-pressed', 'false');
    // 0.99 of six → the last; 0 of the five left → the first; 0.5 of the four left → the third.
    expect(names()).toEqual(['Six-Panel Canvas Cap', 'Classic Crew Neck Tee', 'Linen Blend Short Kurta']);

    for (const name of ["Men's Fashion", "Men's Shirts", 'Discount Deals']) {
      await user.click(screen.getByRole('button', { name }));
      expect(cards()).toHaveLength(3);
      expect(new Set(names()).size).toBe(3);
    }

    await user.click(screen.getByRole('button', { name: "Men's T-Shirts" }));
    expect(cards()).toHaveLength(6);
  });

  it('appends the six sample items again on View More', async () => {
    const { user } = renderWithProviders(<NewArrivalsSection />);
    await user.click(screen.getByRole('button', { name: 'View More' }));
    expect(cards()).toHaveLength(12);
    expect(names().slice(6)).toEqual(sampleItems.map((item) => item.name));
    await user.click(screen.getByRole('button', { name: 'View More' }));
    expect(cards()).toHaveLength(18);

    await user.click(screen.getByRole('button', { name: "Men's Shirts" }));
    expect(cards()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'View More' }));
    expect(cards()).toHaveLength(9);
  });
});

describe('picking sample items', () => {
  it('picks distinct items, never more than there are', () => {
    expect(new Set(pickRandom(sampleItems, 3)).size).toBe(3);
    expect(pickRandom(sampleItems, 10)).toHaveLength(6);
    expect(pickRandom([], 3)).toEqual([]);
    // A random() of exactly 1 (outside its range) still picks an item.
    expect(pickRandom(['a', 'b'], 1, () => 1)).toEqual(['b']);
  });

  it("gives all six for Men's T-Shirts and three for the rest", () => {
    expect(itemsForCategory("Men's T-Shirts")).toHaveLength(6);
    expect(itemsForCategory('Discount Deals')).toHaveLength(3);
  });
});
