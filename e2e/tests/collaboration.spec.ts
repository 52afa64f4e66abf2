import { expect, test } from './fixtures.ts';

test.describe('collaboration', () => {
  test('an empty form is refused with a toast, and nothing is logged', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => message.type() === 'info' && logged.push(message.text()));
    await page.goto('/collaboration');
    await expect(page.getByRole('heading', { level: 1, name: 'Collaborate with us' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please fill in at least one field before submitting.')).toBeVisible();
    await expect(page).toHaveURL(/\/collaboration$/);
    expect(logged).toEqual([]);
  });

  test('a filled form is logged, thanked with a toast, and the influencer goes home; no API call', async ({ page }) => {
    const logged: unknown[] = [];
    page.on('console', async (message) => {
      if (message.type() === 'info') logged.push(await message.args()[1]?.jsonValue());
    });
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });

    await page.goto('/');
    await page
      .getByRole('link', { name: /Collaborate with us/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/collaboration$/);
    await page.getByLabel('Influencer name').fill('Kabir Singh');
    await page.getByLabel('Email').fill('kabir@example.com');
    await page.getByLabel('YouTube page name').fill('Kabir Wears');
    await page.getByLabel('Subscribers').selectOption('10k+');
    await page.getByLabel('Instagram page name').fill('kabir.wears');
    await page.getByLabel('Followers').selectOption('1M+');
    apiCalls.length = 0;
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByText('Collaborated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('NEW COLLECTION');
    await expect
      .poll(() => logged)
      .toEqual([
        {
          name: 'Kabir Singh',
          email: 'kabir@example.com',
          youtube: 'Kabir Wears',
          instagram: 'kabir.wears',
          subscribers: '10k+',
          followers: '1M+',
        },
      ]);
    expect(apiCalls).toEqual([]);
  });
});
