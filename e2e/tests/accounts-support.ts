import { createRequire } from 'node:module';
import path from 'node:path';
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

/** Creates the account through the API (when the sign-up form is not what a test is about). */
export async function signUpByApi(request: APIRequestContext, shopper: Shopper = newShopper()): Promise<Shopper> {
  const res = await request.post('/api/auth/signup', { data: shopper });
  expect(res.status(), await res.text()).toBe(201);
  return shopper;
}

interface SqliteFile {
  prepare(statement: string): { run(...values: unknown[]): { changes: number } };
  close(): void;
}

/** The server's own SQLite driver (a dependency of the server workspace, not of the journeys). */
const requireFromServer = createRequire(path.resolve(import.meta.dirname, '../../server/package.json'));

/**
 * Marks an account's email verified on the journeys' own database (E2E_DATA_DIR, see
 * playwright.config.ts), as following the emailed link would: the shop takes orders only from
 * verified accounts, and journeys about something else need not read the mailbox for it.
 */
export function markEmailVerified(email: string): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see e2e/playwright.config.ts)');
  const Database = requireFromServer('better-sqlite3') as new (
    file: string,
    options: { timeout: number },
  ) => SqliteFile;
  const file = new Database(path.join(dataDir, 'shop.db'), { timeout: 10_000 });
  try {
    const { changes } = file
      .prepare('update users set email_verified_at = ? where email = ?')
      .run(new Date().toISOString(), email.toLowerCase());
    if (changes !== 1) throw new Error(`no account for ${email}`);
  } finally {
    file.close();
  }
}

/**
 * Puts a session made through the API where the app keeps it (token and user in localStorage,
 * spec §3), setting aside whatever the browser held. It is written from a plain text page of the
 * shop (/robots.txt): no page of the app loads only to be left, and the next page opened starts
 * signed in, as after a sign-in.
 */
export async function holdSession(page: Page, token: string, user: unknown) {
  await page.goto('/robots.txt');
  await page.evaluate(
    ([token, user]) => {
      window.localStorage.clear();
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', user);
    },
    [token, JSON.stringify(user)] as const,
  );
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
