import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { markEmailVerified, newShopper, signUpByApi, type Shopper } from './accounts-support.ts';
import { homeAddress } from './cart-support.ts';

export interface SignedInShopper extends Shopper {
  token: string;
}

/**
 * A fresh shopper, signed up and signed in through the API, their email verified (so they may
 * order); the browser holds the session (token and user in localStorage, spec §3) from the
 * first page it opens.
 */
export async function signInByApi(page: Page, request: APIRequestContext): Promise<SignedInShopper> {
  const shopper = await signUpByApi(request, newShopper());
  markEmailVerified(shopper.email);
  const res = await request.post('/api/auth/login', { data: { email: shopper.email, password: shopper.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const { accessToken, user } = (await res.json()).data as { accessToken: string; user: unknown };
  await page.addInitScript(
    ({ token, user }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', JSON.stringify(user));
    },
    { token: accessToken, user },
  );
  return { ...shopper, token: accessToken };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Saves a default address, so the cart can go on to checkout. */
export async function saveAddressByApi(request: APIRequestContext, token: string) {
  const res = await request.patch('/api/auth/profile', {
    headers: bearer(token),
    data: {
      addresses: [homeAddress],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The first product with a variant in stock, and that variant's colour and size. */
export async function productInStock(request: APIRequestContext): Promise<{ id: string; color: string; size: string }> {
  const list = await request.get('/api/product?limit=20');
  expect(list.ok()).toBe(true);
  for (const card of (await list.json()).data.products as { _id: string; soldOut: boolean }[]) {
    if (card.soldOut) continue;
    const variants = (await (await request.get(`/api/product/${card._id}`)).json()).data.variants as {
      color: string;
      size: string;
      stock: number;
    }[];
    const variant = variants.find((v) => v.stock > 0);
    if (variant) return { id: card._id, color: variant.color, size: variant.size };
  }
  throw new Error('No product in stock');
}

export async function addToCartByApi(request: APIRequestContext, token: string) {
  const { id, color, size } = await productInStock(request);
  const res = await request.post('/api/cart', {
    headers: bearer(token),
    data: { product: id, quantity: 1, color, size: size.toLowerCase() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}
