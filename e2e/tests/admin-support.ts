import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { holdSession, newShopper, signUpByApi, submitSignIn, type Shopper } from './accounts-support.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A staff account made the way an operator makes one: a shopper signs up, then
 * `cli.js admin:create` promotes them, on the journeys' own database (promoting an existing
 * account needs --password, which replaces its password; here it is the same one). The new
 * account has not verified its email: the operator vouches for it with --allow-unverified.
 */
export async function createStaff(request: APIRequestContext) {
  const staff = await signUpByApi(request, newShopper({ firstName: 'Meera', lastName: 'Iyer' }));
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see e2e/playwright.config.ts)');
  execFileSync(
    process.execPath,
    ['server/dist/cli.js', 'admin:create', '--email', staff.email, '--password', staff.password, '--allow-unverified'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    },
  );
  return staff;
}

export interface StaffSession extends Shopper {
  token: string;
  user: unknown;
}

/** A staff account (see createStaff), signed in through the API. */
export async function signedInStaff(request: APIRequestContext): Promise<StaffSession> {
  const staff = await createStaff(request);
  const res = await request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const { accessToken, user } = (await res.json()).data as { accessToken: string; user: unknown };
  return { ...staff, token: accessToken, user };
}

/**
 * Opens a staff page with a session made through the API: how staff sign in is a journey of its
 * own (admin.spec.ts); the others begin where it ends.
 */
export async function openAsStaff(page: Page, staff: StaffSession, path = '/admin') {
  await holdSession(page, staff.token, staff.user);
  await page.goto(path);
}

/** Signs staff in through the sign-in form, then opens the staff area from the header. */
export async function signInAsStaff(page: Page, staff: { email: string; password: string }) {
  await page.goto('/signin');
  await submitSignIn(page, staff.email, staff.password);
  await expect(page).not.toHaveURL(/\/signin/);
  await page.getByRole('banner').getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** A 1×1 PNG, as a file input takes it. */
export const tinyPng = {
  name: 'linen-shirt.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** Complete Legal Metrology declarations: what a product created on sale must carry. */
export const declared = {
  genericName: 'Shirt',
  netQuantity: '1 N',
  countryOfOrigin: 'India',
  makerRole: 'manufacturer',
  makerName: 'Kapas Apparel Private Limited',
  makerAddress: 'Unit 4, Kamala Mills Compound, Lower Parel, Mumbai 400013',
} as const;
