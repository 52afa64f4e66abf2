import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';

/** Staff replacing the list of PIN codes at the same moment: every import is whole, none a 500. */
describe.each(testDialects)('PIN code imports at the same moment, on %s', (dialect) => {
  let shop: TestShop;
  let auth: { authorization: string };
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    ({ auth } = await signedInAdmin(shop));
  });
  afterAll(async () => {
    await shop?.close();
  });

  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: auth, ...(payload && { payload }) });
  const spans = async () =>
    ((await staff('GET', '/api/admin/delivery')).json().data.ranges as { from: string; to: string; cod: boolean }[])
      .map((r) => `${r.from}-${r.to}-${r.cod}`)
      .sort();

  it('six imports of one file at once all succeed, and leave that file, round after round', async () => {
    const csv = 'from,to,cod\n110001,110099,yes\n560001,560099,no\n700001,,yes\n';
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => staff('PUT', '/api/admin/delivery.csv', { csv })),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(await spans()).toEqual(['110001-110099-true', '560001-560099-false', '700001-700001-true']);
    }
  });

  it('different files imported at once leave one of them whole', async () => {
    const files = [
      'from,to,cod\n110001,110099,yes\n560001,560099,no\n',
      'from,to,cod\n110001,110099,no\n400001,400099,yes\n',
      'from,to,cod\n560001,560099,yes\n',
    ];
    const wanted = [
      ['110001-110099-true', '560001-560099-false'],
      ['110001-110099-false', '400001-400099-true'],
      ['560001-560099-true'],
    ];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        [...files, ...files].map((csv) => staff('PUT', '/api/admin/delivery.csv', { csv })),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(wanted).toContainEqual(await spans());
    }
  });

  it('a range added while a file is imported is added or refused as taken, never a 500', async () => {
    const csv = 'from,to,cod\n110001,110099,yes\n800001,800099,no\n';
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        staff('PUT', '/api/admin/delivery.csv', { csv }),
        staff('POST', '/api/admin/delivery', { from: '800001', to: '800099', cod: true }),
        staff('PUT', '/api/admin/delivery.csv', { csv }),
        staff('POST', '/api/admin/delivery', { from: '800001', to: '800099', cod: true }),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, expect.any(Number), 200, expect.any(Number)]);
      for (const res of [answers[1]!, answers[3]!]) expect([201, 409], res.body).toContain(res.statusCode);
    }
  });
});
