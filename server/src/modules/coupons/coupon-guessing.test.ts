import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { signedInShopper } from '../../test/accounts.ts';
import { addTestCoupon } from '../../test/coupons.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';

const ROUNDS = 30;
const limited = {
  success: false,
  code: 'RATE_LIMITED',
  message: 'Too many coupon codes tried. Please wait 15 minutes and try again.',
};

/**
 * Guessing private coupon codes: failed lookups and applies (unknown or inactive codes) are
 * limited per address and per account; real codes never count, even when they do not apply.
 */
describe.each(testDialects)('coupon guessing on %s', (dialect) => {
  let shop: TestShop;
  let n = 0;
  const freshIp = () => `10.60.${++n >> 8}.${n & 255}`;
  /** A private code no one else uses: what the guessers were after. */
  const privateCode = () => `P${newId().slice(0, 5).toUpperCase()}`;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const addCoupon = (code: string, isActive = true) => addTestCoupon(shop.handle.db, code, { value: 50, isActive });

  const lookUp = (code: string, remoteAddress: string) =>
    shop.app.inject({ url: `/api/discount/code/${encodeURIComponent(code)}`, remoteAddress });
  const apply = (auth: Record<string, string>, code: string, remoteAddress: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/cart/apply-discount',
      headers: auth,
      payload: { code },
      remoteAddress,
    });
  const statuses = (answers: LightMyRequestResponse[]) => {
    const by = (status: number) => answers.filter((a) => a.statusCode === status).length;
    return { found: by(200), missed: by(404), refused: by(400), limited: by(429), total: answers.length };
  };

  it('refuses lookups from an address after 100 unknown or inactive codes in 15 minutes', async () => {
    const ip = freshIp();
    const inactive = privateCode();
    await addCoupon(inactive, false);
    for (let i = 0; i < 99; i++) expect((await lookUp(`GUESS${i}`, ip)).statusCode).toBe(404);
    expect((await lookUp(inactive, ip)).statusCode).toBe(404);
    const refused = await lookUp('GUESS100', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(limited);
    // Real codes too, from there: the address is out of guesses for now.
    expect((await lookUp('SAVE10', ip)).statusCode).toBe(429);
    expect((await lookUp('SAVE10', freshIp())).statusCode).toBe(200);
  });

  it("counts an IPv6 subscriber's whole /48 too: 20 of its /64s together get 300 unknown codes, not 2,000", async () => {
    const site = `2001:db8:${(++n).toString(16)}`;
    const answers: LightMyRequestResponse[] = [];
    for (let subnet = 0; subnet < 20; subnet++) {
      const ip = `${site}:${(0x5600 + subnet).toString(16)}::1`;
      for (let i = 0; i < 20; i++) answers.push(await lookUp(`G${subnet}X${i}`, ip));
    }
    expect(statuses(answers)).toMatchObject({ missed: 300, limited: 100 });
    // Another subscriber's site is not affected.
    expect((await lookUp('GUESSAGAIN', `2001:db8:${(++n).toString(16)}:1::1`)).statusCode).toBe(404);
  });

  it('never counts codes that exist: 150 lookups of SAVE10 from one address all answer', async () => {
    const ip = freshIp();
    for (let i = 0; i < 150; i++) expect((await lookUp(i % 2 ? 'SAVE10' : 'welcome20', ip)).statusCode).toBe(200);
    expect((await lookUp('NOSUCHCODE', ip)).statusCode).toBe(404);
  });

  it('refuses applies by an account after 20 unknown codes, from whatever addresses', async () => {
    const shopper = await signedInShopper(shop.app);
    for (let i = 0; i < 20; i++) expect((await apply(shopper.auth, `GUESS${i}`, freshIp())).statusCode).toBe(404);
    const refused = await apply(shopper.auth, 'GUESS20', freshIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(limited);
    // Another shopper is not affected.
    const other = await signedInShopper(shop.app);
    expect((await apply(other.auth, 'GUESS20', freshIp())).statusCode).toBe(404);
  });

  it('shares the address count between lookups and applies', async () => {
    const ip = freshIp();
    for (let i = 0; i < 90; i++) expect((await lookUp(`GUESS${i}`, ip)).statusCode).toBe(404);
    const shopper = await signedInShopper(shop.app);
    for (let i = 0; i < 10; i++) expect((await apply(shopper.auth, `MORE${i}`, ip)).statusCode).toBe(404);
    expect((await apply(shopper.auth, 'SAVE10', ip)).statusCode).toBe(429);
    expect((await lookUp('SAVE10', ip)).statusCode).toBe(429);
  });

  it('does not count a real code that does not apply to the cart yet', async () => {
    const shopper = await signedInShopper(shop.app);
    const ip = freshIp();
    // An empty cart: SAVE10 is refused (nothing to discount), 40 times, and never limited.
    for (let i = 0; i < 40; i++) {
      const res = await apply(shopper.auth, 'SAVE10', ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('COUPON_EMPTY_CART');
    }
  });

  it(`looks up at most 100 of 200 simultaneous guesses from one address, the private code among them (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const code = privateCode();
      await addCoupon(code);
      const ip = freshIp();
      const right = Math.floor(Math.random() * 200);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => lookUp(i === right ? code : `${code}X${i}`, ip)),
      );
      const s = statuses(answers);
      const where = `round ${round}: ${JSON.stringify(s)}`;
      expect(s.found + s.missed + s.limited, where).toBe(200);
      expect(s.missed, where).toBeLessThanOrEqual(100);
      expect(s.found, where).toBeLessThanOrEqual(1);
      if (s.found) expect(answers[right]!.statusCode, where).toBe(200);
    }
  });

  it(`applies at most 20 of 200 simultaneous guesses by one account (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const shopper = await signedInShopper(shop.app);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => apply(shopper.auth, `NOPE${round}X${i}`, freshIp())),
      );
      const s = statuses(answers);
      const where = `round ${round}: ${JSON.stringify(s)}`;
      expect(s.missed + s.limited, where).toBe(200);
      expect(s.missed, where).toBeLessThanOrEqual(20);
      for (const res of answers.filter((a) => a.statusCode === 429)) expect(res.json()).toEqual(limited);
    }
  });
});
