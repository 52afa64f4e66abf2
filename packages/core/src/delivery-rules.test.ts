import { describe, expect, it } from 'vitest';
import {
  checkAddressState,
  decidingRange,
  deliveryFor,
  deliveryRefusal,
  parseServiceableCsv,
  serializeServiceableCsv,
  type OrderDeliveryFacts,
  type ServiceableRange,
} from './delivery-rules.ts';
import { indianStates } from './indian-states.ts';
import { defaultShopSettings, storeTexts } from './shop-settings.ts';
import { defaultStoreSettings } from './store-settings.ts';

const r = (from: string, to: string, cod = true): ServiceableRange => ({ from, to, cod });

/** The demo shop's ranges: most of India with COD, not the Andamans, no COD in J&K and Ladakh. */
const demo = [r('100000', '743999'), r('745000', '899999'), r('190000', '194999', false)];

describe('deliveryFor: the narrowest range holding the PIN decides', () => {
  it.each<[string, ServiceableRange[], string, boolean, boolean, string]>([
    ['inside a wide range', demo, '560001', true, true, 'Delivers to 560001 · Cash on delivery available'],
    ['in a gap between ranges', demo, '744101', false, false, "We don't deliver to 744101 yet"],
    [
      'a narrower range without COD inside a wide one',
      demo,
      '190001',
      true,
      false,
      "Delivers to 190001 · Cash on delivery isn't available for 190001",
    ],
    ['the first code of a range', demo, '745000', true, true, 'Delivers to 745000 · Cash on delivery available'],
    ['the last code before a gap', demo, '743999', true, true, 'Delivers to 743999 · Cash on delivery available'],
    ['the first code of a gap', demo, '744000', false, false, "We don't deliver to 744000 yet"],
    [
      'a single code overriding a no-COD range',
      [...demo, r('190001', '190001')],
      '190001',
      true,
      true,
      'Delivers to 190001 · Cash on delivery available',
    ],
    ['no ranges at all', [], '560001', false, false, "We don't deliver to 560001 yet"],
    ['six digits no PIN code starts with (0)', demo, '056001', false, false, "We couldn't find PIN code 056001"],
    ['six digits no PIN code starts with (9)', demo, '999999', false, false, "We couldn't find PIN code 999999"],
    [
      'two equally narrow ranges disagree: no COD',
      [r('560001', '560001'), r('560001', '560001', false)],
      '560001',
      true,
      false,
      "Delivers to 560001 · Cash on delivery isn't available for 560001",
    ],
  ])('%s', (_case, ranges, pin, serviceable, cod, message) => {
    const answer = deliveryFor(pin, ranges);
    expect(answer).toEqual({ pinCode: pin, serviceable, cod, message });
    // Invariant: COD only where the shop delivers, and the deciding range holds the PIN.
    if (answer.cod) expect(answer.serviceable).toBe(true);
    const range = decidingRange(pin, ranges);
    if (answer.serviceable) expect(range && range.from <= pin && pin <= range.to).toBe(true);
  });
});

describe('deliveryRefusal', () => {
  const settings = { codMaxOrderValue: 5_000_000, codMaxOpenOrders: 3 };
  const facts = (pin: string, over: Partial<OrderDeliveryFacts> = {}): OrderDeliveryFacts => ({
    delivery: deliveryFor(pin, demo),
    paymentMethod: 'cod',
    total: 100_000,
    openCodOrders: 0,
    ...over,
  });
  it.each<[string, OrderDeliveryFacts, string | null, string | null]>([
    ['COD where it is taken', facts('560001'), null, null],
    ['online where COD is not taken', facts('190001', { paymentMethod: 'razorpay' }), null, null],
    [
      'online where the shop does not deliver',
      facts('744101', { paymentMethod: 'razorpay' }),
      'NOT_SERVICEABLE',
      "We don't deliver to 744101 yet",
    ],
    ['COD where the shop does not deliver', facts('744101'), 'NOT_SERVICEABLE', "We don't deliver to 744101 yet"],
    ['COD where it is not taken', facts('190001'), 'COD_NOT_AVAILABLE', "Cash on delivery isn't available for 190001"],
    ['COD at the cap', facts('560001', { total: 5_000_000 }), null, null],
    [
      'COD over the cap',
      facts('560001', { total: 5_000_001 }),
      'COD_OVER_LIMIT',
      'Cash on delivery is available for orders up to ₹50,000. Please pay online for this order.',
    ],
    ['online over the cap', facts('560001', { total: 9_000_000, paymentMethod: 'razorpay' }), null, null],
    ['a third open COD order', facts('560001', { openCodOrders: 2 }), null, null],
    [
      'a fourth open COD order',
      facts('560001', { openCodOrders: 3 }),
      'COD_TOO_MANY_OPEN',
      'You already have 3 cash-on-delivery orders on the way. Please pay online, or order again once one is delivered.',
    ],
    ['online with many open COD orders', facts('560001', { openCodOrders: 9, paymentMethod: 'razorpay' }), null, null],
  ])('%s', (_case, f, reason, message) => {
    const refusal = deliveryRefusal(f, settings);
    expect(refusal?.reason ?? null).toBe(reason);
    expect(refusal?.message ?? null).toBe(message);
  });

  it('speaks of one order when the limit is 1', () => {
    expect(deliveryRefusal(facts('560001', { openCodOrders: 1 }), { ...settings, codMaxOpenOrders: 1 })?.message).toBe(
      'You already have 1 cash-on-delivery order on the way. Please pay online, or order again once one is delivered.',
    );
  });
});

describe('checkAddressState', () => {
  it.each<[string, string, string, { field: string; message: string } | string]>([
    ['a PIN of the state', 'Karnataka', '560001', 'Karnataka'],
    ['any letter case, canonical name kept', '  west BENGAL ', '700016', 'West Bengal'],
    ['a territory', 'delhi', '110001', 'Delhi'],
    ['a PIN shared by two (Chandigarh)', 'Punjab', '160017', 'Punjab'],
    [
      'a PIN of another state',
      'Karnataka',
      '400001',
      { field: 'pinCode', message: 'PIN code 400001 is not in Karnataka.' },
    ],
    [
      'not a state of India',
      'Bavaria',
      '560001',
      { field: 'state', message: 'Please choose a state or union territory of India.' },
    ],
    ['a blank state', '', '560001', { field: 'state', message: 'Please choose a state or union territory of India.' }],
  ])('%s', (_case, state, pin, expected) => {
    const check = checkAddressState(state, pin);
    if (typeof expected === 'string') expect(check).toMatchObject({ ok: true, state: { name: expected } });
    else expect(check).toEqual({ ok: false, ...expected });
  });

  it('every state accepts the first PIN of each of its ranges', () => {
    for (const state of indianStates) {
      for (const [from] of state.pinPrefixes) expect(checkAddressState(state.name, `${from}001`).ok).toBe(true);
    }
  });
});

describe('serviceable ranges as CSV', () => {
  it.each<[string, string, ServiceableRange[]]>([
    [
      'ranges and a single code',
      'from,to,cod\n110001,110099,yes\n560001,,no\n',
      [r('110001', '110099'), r('560001', '560001', false)],
    ],
    [
      'Windows line ends, a BOM, blank lines, spaces and quotes',
      '\uFEFFFrom, To ,COD\r\n\r\n"110001", 110001 , TRUE\r\n',
      [r('110001', '110001')],
    ],
    ['only the header', 'from,to,cod\n', []],
  ])('reads %s', (_case, text, ranges) => {
    expect(parseServiceableCsv(text)).toEqual({ ok: true, ranges });
  });

  it.each<[string, string, { line: number; message: string }[]]>([
    [
      'a missing header',
      '110001,110099,yes\n',
      [{ line: 1, message: 'The first line must be the header "from,to,cod".' }],
    ],
    [
      'bad lines, each with its number',
      'from,to,cod\n110001,110099,yes\n11000,110099,yes\n560001,560000,no\n560001,560009,maybe\n600001,600002\n110001,110099,no\n',
      [
        { line: 3, message: '"11000" is not a PIN code (6 digits, the first 1 to 8).' },
        { line: 4, message: 'The range ends (560000) before it starts (560001).' },
        { line: 5, message: 'cod must be yes or no, not "maybe".' },
        { line: 6, message: 'Expected 3 values (from,to,cod), found 2.' },
        { line: 7, message: '110001–110099 is already listed on line 2.' },
      ],
    ],
    [
      'a PIN starting with 9',
      'from,to,cod\n900001,900001,yes\n',
      [{ line: 2, message: '"900001" is not a PIN code (6 digits, the first 1 to 8).' }],
    ],
  ])('refuses %s', (_case, text, errors) => {
    expect(parseServiceableCsv(text)).toEqual({ ok: false, errors });
  });

  it('writes what it reads back unchanged, in PIN order', () => {
    const csv = serializeServiceableCsv(demo);
    expect(csv).toBe('from,to,cod\n100000,743999,yes\n190000,194999,no\n745000,899999,yes\n');
    const back = parseServiceableCsv(csv);
    expect(back.ok && serializeServiceableCsv(back.ranges)).toBe(csv);
  });
});

describe('storeTexts follow the settings the totals use', () => {
  it.each<[string, number | null, string, string]>([
    ["no threshold (the spec's flat fee)", null, 'Flat ₹10 shipping', 'Every order pays a flat ₹10 for shipping.'],
    [
      'a threshold',
      99_900,
      'Free shipping when your items come to ₹999',
      'Shipping is free when your items come to ₹999 or more after discounts; below that it is a flat ₹10.',
    ],
    [
      'a threshold with paise',
      149_950,
      'Free shipping when your items come to ₹1,499.50',
      'Shipping is free when your items come to ₹1,499.50 or more after discounts; below that it is a flat ₹10.',
    ],
  ])('%s', (_case, freeShippingThreshold, promise, policy) => {
    const texts = storeTexts({ ...defaultStoreSettings, ...defaultShopSettings, freeShippingThreshold });
    expect(texts.shippingPromise).toBe(promise);
    expect(texts.shippingPolicy).toBe(policy);
    expect(texts.taxNote).toBe('+ 18% GST, added at checkout');
    expect(texts.taxPolicy).toContain('18% GST is added at checkout');
    // Invariant: nothing promises what the totals don't do.
    for (const text of Object.values(texts)) expect(text).not.toMatch(/inclusive of|include GST|includes GST/i);
  });

  it.each<[string, number[], number, string, string, string | null]>([
    [
      'one rate',
      [18, 18],
      5_000_000,
      '+ 18% GST, added at checkout',
      'GST (18%)',
      'Cash on delivery in most PIN codes',
    ],
    [
      'categories at several rates',
      [5, 18, 12],
      5_000_000,
      '+ GST of 5% to 18% by item, added at checkout',
      'GST',
      'Cash on delivery in most PIN codes',
    ],
    ['no cash on delivery taken', [18], 0, '+ 18% GST, added at checkout', 'GST (18%)', null],
  ])(
    'says what the tax and cash on delivery are: %s',
    (_case, gstRates, codMaxOrderValue, taxNote, gstLabel, codPromise) => {
      const texts = storeTexts({ ...defaultStoreSettings, ...defaultShopSettings, gstRates, codMaxOrderValue });
      expect(texts).toMatchObject({ taxNote, gstLabel, codPromise });
    },
  );

  it.each<[string, number[], string]>([
    ['one rate', [18], 'Prices are in Indian rupees and include 18% GST'],
    ['several rates', [5, 18], 'Prices are in Indian rupees and include GST of 5% to 18% by item'],
  ])(
    'with prices that include GST (%s): inclusive of all taxes, nothing added at checkout',
    (_case, gstRates, policy) => {
      const texts = storeTexts({ ...defaultStoreSettings, ...defaultShopSettings, gstRates, pricesIncludeGst: true });
      expect(texts.taxNote).toBe('Inclusive of all taxes');
      expect(texts.taxPolicy).toContain(policy);
      // The GST row keeps its name: the totals say it is included.
      expect(texts.gstLabel).toBe(gstRates.length === 1 ? 'GST (18%)' : 'GST');
      for (const text of Object.values(texts)) expect(text).not.toMatch(/added at checkout|is added/i);
    },
  );
});
