import { describe, expect, it } from 'vitest';
import {
  dealIsRunning,
  dealsCountdownEnd,
  discountPercentIn,
  heroOffer,
  isShopLink,
  renewedDealWindow,
  runningDeals,
} from './home-page.ts';

const at = (iso: string) => Date.parse(iso);
const deal = (startsAt: string, endsAt: string, discountText = '30% OFF') => ({ startsAt, endsAt, discountText });

describe('dealIsRunning', () => {
  it.each([
    ['2026-12-01T00:00:00.000Z', true], // starts at this moment
    ['2026-12-02T12:00:00.000Z', true],
    ['2026-12-03T23:59:59.999Z', true],
    ['2026-12-04T00:00:00.000Z', false], // ended at this moment
    ['2026-11-30T23:59:59.999Z', false], // still to come
  ])('at %s: %s', (now, running) => {
    expect(dealIsRunning(deal('2026-12-01T00:00:00.000Z', '2026-12-04T00:00:00.000Z'), at(now))).toBe(running);
  });

  it('is false for a window that is not a date', () => {
    expect(dealIsRunning(deal('soon', '2026-12-04T00:00:00.000Z'), at('2026-12-02T00:00:00Z'))).toBe(false);
  });
});

describe('renewedDealWindow', () => {
  const start = '2026-12-01T00:00:00.000Z';
  const end = '2026-12-04T00:00:00.000Z';
  it.each([
    // now, renewed start, renewed end
    ['2026-11-30T00:00:00.000Z', start, end], // still to come: as set
    ['2026-12-02T00:00:00.000Z', start, end], // running: as set
    ['2026-12-04T00:00:00.000Z', '2026-12-04T00:00:00.000Z', '2026-12-07T00:00:00.000Z'], // just ended
    ['2026-12-06T23:59:59.000Z', '2026-12-04T00:00:00.000Z', '2026-12-07T00:00:00.000Z'],
    ['2026-12-31T10:00:00.000Z', '2026-12-31T00:00:00.000Z', '2027-01-03T00:00:00.000Z'], // nine lengths on
  ])('at %s runs %s to %s', (now, startsAt, endsAt) => {
    const renewed = renewedDealWindow({ startsAt: start, endsAt: end }, at(now));
    expect(renewed).toEqual({ startsAt, endsAt });
    // Every renewal is the deal's own length, and holds the moment asked about once ended.
    expect(Date.parse(renewed.endsAt) - Date.parse(renewed.startsAt)).toBe(3 * 86_400_000);
    if (at(now) >= at(end)) expect(dealIsRunning(renewed, at(now))).toBe(true);
  });

  it('leaves a window of no length as it is', () => {
    expect(renewedDealWindow({ startsAt: end, endsAt: end }, at('2027-01-01T00:00:00Z'))).toEqual({
      startsAt: end,
      endsAt: end,
    });
  });
});

describe('dealsCountdownEnd', () => {
  const now = at('2026-12-02T00:00:00.000Z');
  it.each([
    ['no deals', [], null],
    ['one running', [deal('2026-12-01T00:00:00.000Z', '2026-12-05T00:00:00.000Z')], '2026-12-05T00:00:00.000Z'],
    [
      'the earliest end among those running',
      [
        deal('2026-12-01T00:00:00.000Z', '2026-12-09T00:00:00.000Z'),
        deal('2026-11-01T00:00:00.000Z', '2026-12-03T00:00:00.000Z'),
        deal('2026-12-01T00:00:00.000Z', '2026-12-04T00:00:00.000Z'),
      ],
      '2026-12-03T00:00:00.000Z',
    ],
    [
      'not one still to come, though it ends sooner',
      [
        deal('2026-12-02T06:00:00.000Z', '2026-12-02T08:00:00.000Z'),
        deal('2026-12-01T00:00:00.000Z', '2026-12-04T00:00:00.000Z'),
      ],
      '2026-12-04T00:00:00.000Z',
    ],
    ['none when all ended', [deal('2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z')], null],
  ] as const)('%s', (_, deals, expected) => {
    expect(dealsCountdownEnd(deals, now)).toBe(expected);
  });

  describe('as the clock passes each end', () => {
    // The deals a page was opened with: they end on the 2nd, the 4th and the 6th.
    const opened = [
      deal('2026-11-30T00:00:00.000Z', '2026-12-04T00:00:00.000Z', 'B'),
      deal('2026-11-30T00:00:00.000Z', '2026-12-02T00:00:00.000Z', 'A'),
      deal('2026-11-30T00:00:00.000Z', '2026-12-06T00:00:00.000Z', 'C'),
    ];
    it.each([
      ['2026-12-01T00:00:00.000Z', '2026-12-02T00:00:00.000Z', ['B', 'A', 'C']],
      ['2026-12-01T23:59:59.000Z', '2026-12-02T00:00:00.000Z', ['B', 'A', 'C']],
      // The first has ended: it drops out, and the countdown runs on to the next end.
      ['2026-12-02T00:00:00.000Z', '2026-12-04T00:00:00.000Z', ['B', 'C']],
      ['2026-12-03T12:00:00.000Z', '2026-12-04T00:00:00.000Z', ['B', 'C']],
      ['2026-12-04T00:00:01.000Z', '2026-12-06T00:00:00.000Z', ['C']],
      ['2026-12-06T00:00:00.000Z', null, []],
    ] as const)('at %s the countdown runs to %s, with %j', (moment, end, running) => {
      expect(dealsCountdownEnd(opened, at(moment))).toBe(end);
      const shown = runningDeals(opened, at(moment));
      expect(shown.map((d) => d.discountText)).toEqual(running);
      // The countdown's end is always one of the deals shown, and the first of them to end.
      if (end !== null) expect(Math.min(...shown.map((d) => at(d.endsAt)))).toBe(at(end));
    });
  });
});

describe('discountPercentIn', () => {
  it.each([
    ['30% OFF', 30],
    ['Up to 40 % off', 40],
    ['Flat ₹200 off', null],
    ['Buy 2 get 1', null],
    ['0% OFF', null],
    ['100% OFF', null],
    ['', null],
  ])('%s: %s', (text, percent) => {
    expect(discountPercentIn(text)).toBe(percent);
  });
});

describe('heroOffer', () => {
  const now = at('2026-12-02T00:00:00.000Z');
  it.each([
    ['no deal: no badge', [], null],
    ['an ended deal: no badge', [deal('2026-11-01T00:00:00Z', '2026-12-01T00:00:00.000Z', '40% OFF')], null],
    ['a deal still to come: no badge', [deal('2026-12-05T00:00:00Z', '2026-12-09T00:00:00.000Z', '40% OFF')], null],
    [
      'the running deal that ends first',
      [
        deal('2026-12-01T00:00:00Z', '2026-12-09T00:00:00.000Z', '40% OFF'),
        deal('2026-12-01T00:00:00Z', '2026-12-04T00:00:00.000Z', '25% OFF'),
      ],
      { percent: 25, endsAt: '2026-12-04T00:00:00.000Z' },
    ],
    [
      'skipping a deal that states no percentage',
      [
        deal('2026-12-01T00:00:00Z', '2026-12-03T00:00:00.000Z', 'Flat ₹200 off'),
        deal('2026-12-01T00:00:00Z', '2026-12-04T00:00:00.000Z', '30% OFF'),
      ],
      { percent: 30, endsAt: '2026-12-04T00:00:00.000Z' },
    ],
  ] as const)('%s', (_, deals, expected) => {
    expect(heroOffer(deals, now)).toEqual(expected);
  });
});

describe('isShopLink', () => {
  it.each([
    ['/products', true],
    ['/products?category=mens-shirts', true],
    ['/product/abc', true],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['javascript:alert(1)', false],
    ['products', false],
    ['/products with space', false],
  ])('%s: %s', (link, ok) => {
    expect(isShopLink(link)).toBe(ok);
  });
});
