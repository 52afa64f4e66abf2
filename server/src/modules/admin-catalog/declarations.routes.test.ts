import { declarationFields } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { signedInAdmin } from '../../test/accounts.ts';
import { declared } from '../../test/catalogue.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';

describe.each(testDialects)('listing declarations (Legal Metrology), on %s', (dialect) => {
  let shop: TestShop;
  let admin: { auth: { authorization: string } };

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const staff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });
  const storefront = (url: string) => shop.app.inject({ method: 'GET', url });
  const named = (word: string) => ({
    name: `${word} Declared Shirt`,
    categoryId: 'mens-shirts',
    price: 899,
    sizes: [{ size: 'M', stock: 3 }],
  });
  const stored = (id: string) =>
    shop.handle.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** As a product on sale from before migration 027 stands: nothing declared. */
  const undeclared = (id: string) =>
    shop.handle.db
      .updateTable('products')
      .set({
        generic_name: '',
        net_quantity: '',
        country_of_origin: '',
        maker_role: '',
        maker_name: '',
        maker_address: '',
      })
      .where('id', '=', id)
      .execute();

  async function created(word: string, extra: object = {}): Promise<string> {
    const res = await staff('POST', '/api/product/create', { ...named(word), ...declared, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id;
  }

  it('refuses to create a product on sale without them, naming each missing, and writes nothing', async () => {
    const word = `nodecl${newId().slice(0, 6)}`;
    const res = await staff('POST', '/api/product/create', {
      ...named(word),
      ...declared,
      netQuantity: '',
      makerRole: undefined,
      makerAddress: '   ',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'DECLARATIONS_MISSING',
      message:
        "Add the product's net quantity, manufacturer, packer or importer and maker's address before putting it on sale (Legal Metrology declarations).",
    });
    expect(res.json().issues.map((e: { path: string }) => e.path)).toEqual([
      'netQuantity',
      'makerRole',
      'makerAddress',
    ]);
    const rows = await shop.handle.db.selectFrom('products').select('id').where('name', 'like', `${word}%`).execute();
    expect(rows).toEqual([]);
  });

  it('keeps them as sent and shows them on the product page with the rate its MRP includes', async () => {
    const word = `decl${newId().slice(0, 6)}`;
    const id = await created(word, { countryOfOrigin: '  Sri   Lanka ', makerRole: 'importer' });
    const page = (await storefront(`/api/product/${id}`)).json().data;
    expect(page.declarations).toEqual({ ...declared, countryOfOrigin: 'Sri Lanka', makerRole: 'importer' });
    expect(page.gstPercent).toBe(18);
    expect(await stored(id)).toMatchObject({
      country_of_origin: 'Sri Lanka',
      maker_role: 'importer',
      net_quantity: '1 N',
    });
  });

  it('refuses a change that would leave a product on sale without one, and changes nothing', async () => {
    const id = await created(`keep${newId().slice(0, 6)}`);
    const res = await staff('PATCH', `/api/product/update/${id}`, { countryOfOrigin: '', price: 1 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('DECLARATIONS_MISSING');
    expect(await stored(id)).toMatchObject({ country_of_origin: 'India', price: 89_900 });
  });

  it('lets staff hide a product, save it half-declared, and show it again only once complete', async () => {
    const id = await created(`hide${newId().slice(0, 6)}`);
    expect((await staff('PATCH', `/api/admin/products/${id}/visibility`, { isActive: false })).statusCode).toBe(200);
    const half = await staff('PATCH', `/api/product/update/${id}`, { makerName: '', countryOfOrigin: 'Nepal' });
    expect(half.statusCode, half.body).toBe(200);

    const show = await staff('PATCH', `/api/admin/products/${id}/visibility`, { isActive: true });
    expect(show.statusCode, show.body).toBe(400);
    expect(show.json()).toMatchObject({ code: 'DECLARATIONS_MISSING', issues: [{ path: 'makerName' }] });
    expect((await stored(id)).is_active).toBe(0);
    expect((await storefront(`/api/product/${id}`)).statusCode).toBe(404);

    expect((await staff('PATCH', `/api/product/update/${id}`, { makerName: 'Kapas Apparel' })).statusCode).toBe(200);
    expect((await staff('PATCH', `/api/admin/products/${id}/visibility`, { isActive: true })).statusCode).toBe(200);
    expect((await storefront(`/api/product/${id}`)).json().data.declarations.countryOfOrigin).toBe('Nepal');
    // The history names what changed.
    const audit = (await staff('GET', `/api/admin/products/${id}`)).json().data.audit as { summary: string }[];
    expect(audit.map((a) => a.summary)).toContain('Changed declarations');
  });

  it('never puts a product on sale undeclared when showing it races a save clearing a declaration (many rounds)', async () => {
    for (let round = 0; round < 25; round++) {
      const id = await created(`race${newId().slice(0, 6)}`);
      expect((await staff('PATCH', `/api/admin/products/${id}/visibility`, { isActive: false })).statusCode).toBe(200);
      const [shown, cleared] = await Promise.all([
        staff('PATCH', `/api/admin/products/${id}/visibility`, { isActive: true }),
        staff('PATCH', `/api/product/update/${id}`, { netQuantity: '' }),
      ]);
      // Either the save came first (hidden, half-declared: showing it is refused) or the show
      // did (on sale: the save is refused). Never both.
      const row = await stored(id);
      expect({ onSale: row.is_active === 1, netQuantity: row.net_quantity }, `round ${round}`).not.toEqual({
        onSale: true,
        netQuantity: '',
      });
      expect([shown.statusCode, cleared.statusCode].sort(), `round ${round}`).toEqual([200, 400]);
    }
  });

  it('asks a product on sale from before the declarations for them at its next save', async () => {
    const id = await created(`legacy${newId().slice(0, 6)}`);
    await undeclared(id);
    const res = await staff('PATCH', `/api/product/update/${id}`, { description: 'Softer now.' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toHaveLength(6);
    const fixed = await staff('PATCH', `/api/product/update/${id}`, { description: 'Softer now.', ...declared });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('refuses a maker role that is none of the three (400, not 500)', async () => {
    const res = await staff('POST', '/api/product/create', { ...named('role'), ...declared, makerRole: 'designer' });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('flags in the staff list the products still lacking declarations, and lists only those when asked', async () => {
    const word = `lacking${newId().slice(0, 6)}`;
    const complete = await created(`${word} Complete`);
    const legacy = await created(`${word} Legacy`);
    const blank = await created(`${word} Blank`);
    const role = await created(`${word} Role`);
    const hidden = await created(`${word} Hidden`);
    // On sale from before the declarations: nothing declared.
    await undeclared(legacy);
    // Written before the checks: an address of spaces only, a role the shop does not know.
    await shop.handle.db.updateTable('products').set({ maker_address: '   ' }).where('id', '=', blank).execute();
    await shop.handle.db.updateTable('products').set({ maker_role: 'designer' }).where('id', '=', role).execute();
    expect((await staff('PATCH', `/api/admin/products/${hidden}/visibility`, { isActive: false })).statusCode).toBe(
      200,
    );
    expect((await staff('PATCH', `/api/product/update/${hidden}`, { netQuantity: '' })).statusCode).toBe(200);

    const rows = async (query: string) => {
      const res = await staff('GET', `/api/admin/products?q=${word}&limit=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data as { total: number; products: { _id: string; missingDeclarations: string[] }[] };
      return { total: page.total, missing: new Map(page.products.map((r) => [r._id, r.missingDeclarations])) };
    };
    const all = await rows('');
    expect(all.total).toBe(5);
    expect(all.missing.get(complete)).toEqual([]);
    expect(all.missing.get(legacy)).toEqual(declarationFields.map((f) => f.label));
    expect(all.missing.get(blank)).toEqual(["maker's address"]);
    expect(all.missing.get(role)).toEqual(['manufacturer, packer or importer']);
    expect(all.missing.get(hidden)).toEqual(['net quantity']);

    const lacking = await rows('&needsDeclarations=true');
    expect(lacking.total).toBe(4);
    expect([...lacking.missing.keys()].sort()).toEqual([legacy, blank, role, hidden].sort());
    expect((await rows('&needsDeclarations=true&status=active')).total).toBe(3);
    expect((await rows('&needsDeclarations=false')).total).toBe(5);

    // Given what it lacked, a product leaves the filtered list.
    expect((await staff('PATCH', `/api/product/update/${legacy}`, declared)).statusCode).toBe(200);
    expect((await rows('&needsDeclarations=true')).missing.has(legacy)).toBe(false);

    const wrong = await staff('GET', '/api/admin/products?needsDeclarations=perhaps');
    expect(wrong.statusCode, wrong.body).toBe(400);
  });

  describe('the country-of-origin filter and sort', () => {
    const word = `origin${newId().slice(0, 6)}`;
    beforeAll(async () => {
      for (const [n, country] of [
        ['Alpha', 'Vietnam'],
        ['Beta', 'India'],
        ['Gamma', 'india'],
        ['Delta', 'Bangladesh'],
      ] as const) {
        await created(`${word} ${n}`, { countryOfOrigin: country });
      }
    });
    const list = async (query: string) => {
      const res = await storefront(`/api/product?q=${word}&limit=20&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { products: { name: string }[]; total: number; facets: { origins: unknown[] } };
    };

    it('lists the products of a country, whatever its case, with counts per country', async () => {
      const india = await list('origin=INDIA');
      expect(india.products.map((p) => p.name.split(' ')[1]).sort()).toEqual(['Beta', 'Gamma']);
      expect((await list('')).facets.origins).toEqual([
        { value: 'Bangladesh', count: 1 },
        { value: 'India', count: 2 },
        { value: 'Vietnam', count: 1 },
      ]);
      expect((await list('origin=Peru')).total).toBe(0);
    });

    it('sorts by country, A to Z', async () => {
      const sorted = await list('sort=origin');
      expect(sorted.products.map((p) => p.name.split(' ')[1])).toEqual(['Delta', 'Beta', 'Gamma', 'Alpha']);
    });

    it('sees a country changed by staff at once', async () => {
      const alpha = (await list('origin=Vietnam')).products[0] as unknown as { _id: string };
      expect(
        (await staff('PATCH', `/api/product/update/${alpha._id}`, { countryOfOrigin: 'Bangladesh' })).statusCode,
      ).toBe(200);
      expect((await list('origin=bangladesh')).total).toBe(2);
      expect((await list('origin=Vietnam')).total).toBe(0);
    });
  });
});
