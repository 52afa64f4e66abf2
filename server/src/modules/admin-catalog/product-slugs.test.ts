import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/accounts.ts';
import { declared } from '../../test/catalogue.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';

/** Staff creating products named alike at the same moment: each gets its own slug, none a 500. */
describe.each(testDialects)('product slugs on %s', (dialect) => {
  let shop: TestShop;
  let auth: { authorization: string };
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    ({ auth } = await signedInAdmin(shop));
  });
  afterAll(async () => {
    await shop?.close();
  });

  const product = (name: string) => ({
    name,
    ...declared,
    categoryId: 'mens-shirts',
    price: 999,
    colors: ['navy'],
    tags: ['Linen'],
    images: ['/images/products/shirt--navy--front.svg'],
    sizes: [
      { size: 'M', stock: 2 },
      { size: 'L', stock: 1 },
    ],
  });

  async function createAtOnce(names: string[]) {
    const answers = await Promise.all(
      names.map((name) =>
        shop.app.inject({ method: 'POST', url: '/api/product/create', headers: auth, payload: product(name) }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    return answers.map((res) => res.json().data._id as string);
  }

  async function slugsOf(ids: string[]) {
    const rows = await shop.handle.db.selectFrom('products').select(['id', 'slug']).where('id', 'in', ids).execute();
    return rows.map((r) => r.slug);
  }

  it('ten simultaneous creates of one name all succeed, each with a slug of its own, round after round', async () => {
    const everySlug: string[] = [];
    for (let round = 0; round < 5; round++) {
      const ids = await createAtOnce(Array.from({ length: 10 }, () => 'Monsoon Linen Shirt'));
      const slugs = await slugsOf(ids);
      expect(slugs).toHaveLength(10);
      expect(new Set(slugs).size).toBe(10);
      for (const slug of slugs) expect(slug).toMatch(/^monsoon-linen-shirt(-[a-z0-9]{6})?$/);
      everySlug.push(...slugs);
    }
    expect(new Set(everySlug).size).toBe(50);
    expect(everySlug.filter((slug) => slug === 'monsoon-linen-shirt')).toHaveLength(1);
  });

  it('names that make the same slug, created at once, all succeed', async () => {
    for (let round = 0; round < 4; round++) {
      const ids = await createAtOnce([
        'Festive Kurta',
        'festive kurta',
        'FESTIVE — KURTA!',
        'Festive Kurta ',
        'Fèstive Kurta',
        '🪔🪔',
        'कुर्ता',
        '✨',
        '🪔',
        '***',
      ]);
      const slugs = await slugsOf(ids);
      expect(new Set(slugs).size).toBe(10);
      for (const slug of slugs) expect(slug).toMatch(/^(festive-kurta|product)(-[a-z0-9]{6})?$/);
    }
  });

  it('every product created shows in the shop once', async () => {
    const before = (await shop.app.inject('/api/product?q=autumn%20chambray&limit=1')).json().data.total;
    await createAtOnce(Array.from({ length: 10 }, () => 'Autumn Chambray Shirt'));
    const after = (await shop.app.inject('/api/product?q=autumn%20chambray&limit=1')).json().data.total;
    expect(after - before).toBe(10);
  });
});
