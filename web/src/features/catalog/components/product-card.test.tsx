import { screen, within } from '@testing-library/react';
import { createFakeApi } from '../../../test/fake-api.ts';
import { makeProduct, makeStoreInfo } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductCard } from './product-card.tsx';

const oxford = makeProduct({
  _id: 'oxford',
  name: 'Oxford Shirt',
  image: '/images/products/shirt--white--front.svg',
  colors: ['white', 'sky blue'],
  photos: [
    { url: '/images/products/shirt--white--front.svg', color: 'white' },
    { url: '/images/products/shirt--sky-blue--front.svg', color: 'sky blue' },
  ],
});
const { _id, name, title, price, originalPrice, image, colors, category, categoryId, soldOut } = oxford;
const summary = { _id, name, title, price, originalPrice, image, colors, category, categoryId, soldOut };

function renderCard(store = makeStoreInfo()) {
  const api = createFakeApi({ 'GET /product/:id': () => oxford });
  return {
    ...renderWithProviders(<ProductCard product={summary} />, {
      api,
      route: '/products',
      path: '/products',
      preloadedState: { storeInfo: { data: store } },
    }),
    api,
  };
}
const picture = () => screen.getByRole('link', { name: /Oxford Shirt.*₹/ }).querySelector('img')!;

describe('product card', () => {
  it.each([
    ['GST is added at checkout: the price alone (the banner says so once)', false, null],
    ['prices include GST: the price, inclusive of all taxes', true, 'Inclusive of all taxes'],
  ])('%s', (_case, pricesIncludeGst, note) => {
    renderCard(makeStoreInfo({ pricesIncludeGst }));
    const card = screen.getByRole('link', { name: /Oxford Shirt.*₹/ });
    const shown = within(card).getByText('₹1,199.00');
    expect(shown.closest('p')?.nextElementSibling?.textContent ?? null).toBe(note);
  });

  it("shows the product's colours as swatches that open the product in that colour", async () => {
    const { user, router, api } = renderCard();
    const swatches = screen.getByRole('list', { name: 'Colours of Oxford Shirt' });
    const skyBlue = within(swatches).getByRole('link', { name: 'Oxford Shirt in Sky blue' });
    expect(skyBlue).toHaveAttribute('href', '/product/oxford?color=sky+blue');
    // Nothing is asked for a card nobody points at.
    expect(api.callsTo('GET /product/:id')).toHaveLength(0);

    await user.click(skyBlue);
    expect(router.state.location.pathname).toBe('/product/oxford');
    expect(router.state.location.search).toBe('?color=sky+blue');
    expect(router.state.location.state).toEqual({ product: summary });
  });

  it("shows a colour's photo while its swatch is pointed at or focused, asking for the product once", async () => {
    const { user, api } = renderCard();
    expect(picture()).toHaveAttribute('src', '/images/products/shirt--white--front.svg');

    await user.hover(screen.getByRole('link', { name: 'Oxford Shirt in Sky blue' }));
    await vi.waitFor(() => expect(picture()).toHaveAttribute('src', '/images/products/shirt--sky-blue--front.svg'));

    await user.hover(screen.getByRole('link', { name: 'Oxford Shirt in White' }));
    expect(picture()).toHaveAttribute('src', '/images/products/shirt--white--front.svg');
    screen.getByRole('link', { name: 'Oxford Shirt in Sky blue' }).focus();
    await vi.waitFor(() => expect(picture()).toHaveAttribute('src', '/images/products/shirt--sky-blue--front.svg'));
    expect(api.callsTo('GET /product/:id')).toHaveLength(1);
  });
});
