import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Not one of the common passwords the server refuses. */
export const strongPassword = 'Monsoon-Kurta-2026!';

/** A fresh address per test: the journeys run in parallel against one database. */
export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}

export function newShopper(overrides: Partial<Shopper> = {}): Shopper {
  return {
    firstName: 'Asha',
    lastName: 'Rao',
    email: uniqueEmail(),
    phone: '9876543210',
    password: strongPassword,
    ...overrides,
  };
}

/**
 * Marks the account's email as proved, in the journeys' own database (the server's, on SQLite):
 * the shop takes orders only from proved addresses, and proving one through its link also
 * ends the sessions and password set before (mail.spec.ts walks that journey).
 */
export function markEmailVerified(email: string): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'shop.db'), { timeout: 10_000 });
  try {
    const changed = db
      .prepare('update users set email_verified_at = ? where email = ? and email_verified_at is null')
      .run(new Date().toISOString(), email.toLowerCase()).changes;
    expect(changed, `no unverified account for ${email}`).toBe(1);
  } finally {
    db.close();
  }
}

/**
 * Creates the account through the API (when the sign-up form is not what a test is about),
 * its email proved unless `verified` is false, as a shopper who orders has.
 */
export async function signUpByApi(
  request: APIRequestContext,
  shopper: Shopper = newShopper(),
  { verified = true }: { verified?: boolean } = {},
): Promise<Shopper> {
  const res = await request.post('/api/auth/signup', { data: shopper });
  expect(res.status(), await res.text()).toBe(201);
  if (verified) markEmailVerified(shopper.email);
  return shopper;
}

/** Signs in through the form on /signin (the page must be there). */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function heldToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

/** What the API says about a token: the status of GET /api/auth/profile with it. */
export async function profileStatus(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } });
  return res.status();
}

export async function profileOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as {
    phone: string | null;
    addresses: { addressLine1: string; isDefault: boolean; pinCode: string }[];
    shippingAddress: { addressLine1: string } | null;
  };
}
