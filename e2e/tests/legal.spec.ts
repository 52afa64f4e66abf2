import fs from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { profileStatus } from './accounts-support.ts';
import { openAsStaff } from './admin-support.ts';
import { saveAddressByApi, signInByApi } from './storefront-support.ts';

/** Opens the development mailbox's newest message to `to` with `subject`, once the outbox has sent it. */
async function openMail(page: Page, to: string, subject: string | RegExp) {
  await page.goto('/dev/mailbox');
  const link = page.getByRole('row').filter({ hasText: to }).getByRole('link', { name: subject }).first();
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('seller details, complaints and data rights', () => {
  test('the footer leads to the seller, its grievance officer and the privacy notice', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Seller Details and Grievance Officer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Seller details' })).toBeVisible();
    await expect(page.getByText('Kapas Apparel Private Limited')).toBeVisible();
    await expect(page.getByText('27AAKCK4821L1Z6')).toBeVisible();
    const officer = page.getByRole('region', { name: 'Grievance officer' });
    await expect(officer.getByText('Meera Iyer')).toBeVisible();
    await expect(officer.getByRole('link', { name: 'grievance@kapas.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@kapas.in',
    );

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Notice' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What we keep, why, and for how long' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Whom to contact' }).getByText(/Meera Iyer, Grievance Officer/),
    ).toBeVisible();
  });

  test('a complaint filed without an account is followed from its link while staff answer it', async ({
    page,
    browser,
    staff,
  }) => {
    test.slow();
    const email = `complainant-${Date.now()}@example.com`;
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'File a Complaint' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'File a complaint' })).toBeVisible();
    await page.getByLabel('Your name').fill('Asha Rao');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('What is it about?').selectOption('delivery');
    await page.getByLabel('What happened?').fill('My parcel was marked delivered but never arrived.');
    await page.getByRole('button', { name: 'Send complaint' }).click();

    // The ticket at once, on its own page.
    const notice = page.getByRole('status').filter({ hasText: 'Your ticket number is' });
    await expect(notice).toBeVisible();
    const ticket = (await notice.locator('strong').textContent())!;
    expect(ticket).toMatch(/^GRV-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await expect(page).toHaveURL(new RegExp(`/complaints/${ticket}\\?key=`));
    await expect(page.getByText('Received, waiting for acknowledgement')).toBeVisible();

    // Staff acknowledge it from the queue.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await openAsStaff(staffPage, staff);
    await staffPage.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Complaints' }).click();
    const row = staffPage.getByRole('list', { name: 'Complaints' }).getByRole('link').filter({ hasText: ticket });
    await expect(row).toContainText('Age 0 h');
    await expect(row).toContainText('Acknowledgement: Due by');
    await row.click();
    await staffPage.getByLabel('Message').fill('We have asked the courier where your parcel is.');
    await staffPage.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(staffPage.getByText('Acknowledged: the shopper is told')).toBeVisible();
    await staffContext.close();

    // The emailed acknowledgement of receipt opens the same ticket, now acknowledged.
    await openMail(page, email, `Complaint ${ticket} received`);
    // The mailbox lists the message's links: the ticket's is the one the button carries.
    await page.getByRole('link', { name: new RegExp(`/complaints/${ticket}\\?key=`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Complaint ${ticket}` })).toBeVisible();
    await expect(page.getByText('Acknowledged, being looked into')).toBeVisible();
    await expect(page.getByText('We have asked the courier where your parcel is.')).toBeVisible();

    // A wrong key shows nothing of it.
    await page.goto(`/complaints/${ticket}?key=not-the-key`);
    await expect(page.getByRole('alert')).toContainText('We could not find this complaint');
  });

  test('a shopper downloads their data, then deletes the account and every session ends', async ({ page, request }) => {
    const shopper = await signInByApi(page, request);
    await saveAddressByApi(request, shopper.token);
    await page.goto('/profile');
    await page.getByRole('button', { name: /Your data/ }).click();
    await expect(page.getByRole('heading', { name: 'Your data', exact: true })).toBeFocused();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kapas-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await fs.readFile((await download.path())!, 'utf8'));
    expect(file.data.account.email).toBe(shopper.email);
    expect(file.data.account.addresses).toHaveLength(1);
    expect(file.data.orders).toEqual([]);

    const remove = page.getByRole('button', { name: 'Delete my account' });
    await expect(remove).toBeDisabled();
    await page.getByLabel('I understand that this cannot be undone.').check();
    await remove.click();
    await expect(page.getByText('Your account is deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await profileStatus(request, shopper.token)).toBe(401);
    const login = await request.post('/api/auth/login', {
      data: { email: shopper.email, password: shopper.password },
    });
    expect(login.status()).toBe(401);
  });
});
