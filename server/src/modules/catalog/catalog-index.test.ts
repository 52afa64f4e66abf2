import { performance } from 'node:perf_hooks';
import { Session } from 'node:inspector';
import { describe, expect, it } from 'vitest';
import { nearestWords, toPaise } from '@shop/core';
import { CatalogIndex, stockText, type IndexedCategory, type IndexedProduct } from './catalog-index.ts';

const categories: IndexedCategory[] = [{ id: 'mens-shirts', name: 'Shirts', parentId: null }];

/** `count` distinct made-up words of 6–9 letters ("bokarise"), the same every run. */
function madeUpWords(count: number, seed: number): string[] {
  const consonants = 'bcdfghjklmnprstvz';
  const vowels = 'aeiou';
  const words = new Set<string>();
  let state = seed;
  const pick = (letters: string) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return letters[(state >>> 16) % letters.length]!;
  };
  while (words.size < count) {
    const length = 6 + (words.size % 4);
    let word = '';
    for (let i = 0; i < length; i++) word += pick(i % 2 === 0 ? consonants : vowels);
    words.add(word);
  }
  return [...words];
}

function product(i: number, name: string): IndexedProduct {
  return {
    id: `p${String(i).padStart(6, '0')}`,
    name,
    price: toPaise(100 + (i % 900)),
    originalPrice: null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    categoryId: 'mens-shirts',
    categoryName: 'Shirts',
    image: null,
    colors: ['navy'],
    tags: [],
    origin: '',
    stock: stockText([{ color: 'navy', size: 'M' }]),
  };
}

/** 5,000 products named with four words each, drawn from `words` in turn. */
function catalogueOf(words: string[]): IndexedProduct[] {
  return Array.from({ length: 5000 }, (_, i) =>
    product(i, [0, 1, 2, 3].map((k) => words[(i * 4 + k) % words.length]).join(' ')),
  );
}

/** A word one letter off each of `words` (its last two letters swapped), none of them a catalogue word. */
const mistyped = (words: string[]) => words.map((w) => `${w.slice(0, -2)}${w.at(-1)}${w.at(-2)}`);

const search = (index: CatalogIndex, q: string) => index.query({ q, sort: 'relevance', offset: 0, limit: 10 });

describe('the catalogue index: search with typos', () => {
  it('answers a typo in about the time of an exact word, with a vocabulary of 20,000 words', () => {
    const words = madeUpWords(20_000, 2);
    const index = new CatalogIndex(catalogueOf(words), categories);
    const typos = mistyped(words.slice(0, 100));
    const exact = words.slice(100, 200);
    // Each typo is corrected, each exact word found: both kinds find a product or so.
    for (const q of [...typos, ...exact]) expect(search(index, q).total, q).toBeGreaterThan(0);
    // Timed in turns, so that what else the machine does weighs on both kinds alike.
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < 100; i++) {
      for (const [k, q] of [typos[i]!, exact[i]!].entries()) {
        const started = performance.now();
        search(index, q);
        times[k as 0 | 1].push(performance.now() - started);
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
    const [typo, word] = times.map(median) as [number, number];
    // A scan of the vocabulary measures 20,000 words for each typo: tens of milliseconds.
    expect(typo, `a typo ${typo.toFixed(3)} ms, an exact word ${word.toFixed(3)} ms`).toBeLessThan(word * 4 + 0.5);
  });

  it('finds what the scan of the vocabulary finds', () => {
    const words = madeUpWords(3000, 3);
    const index = new CatalogIndex(catalogueOf(words), categories);
    const vocabulary = [...new Set(catalogueOf(words).flatMap((p) => p.name.split(' ')))].sort();
    for (const typed of mistyped(words.slice(0, 300))) {
      const named = search(index, typed).products.flatMap((p) => p.name.split(' '));
      const nearest = nearestWords(typed, vocabulary);
      expect(nearest.length, typed).toBeGreaterThan(0);
      expect(
        named.some((w) => nearest.includes(w)),
        typed,
      ).toBe(true);
      expect(index.typos.nearest(typed)).toEqual(nearest);
    }
  });

  it('carries its typo index over to the index after it, changed only where the words changed', () => {
    const words = madeUpWords(400, 4);
    const products = catalogueOf(words);
    const first = new CatalogIndex(products, categories);
    // A price change: the same words, the same typo index.
    const repriced = products.map((p, i) => (i === 7 ? { ...p, price: toPaise(5) } : p));
    const second = new CatalogIndex(repriced, categories, undefined, first);
    expect(second.typos).toBe(first.typos);
    // A product renamed with a new word: found by a typo of it, its old words by theirs no more.
    const renamed = repriced.map((p) => (p.name.includes(words[0]!) ? { ...p, name: 'Zanzibar Cotton Shirt' } : p));
    const third = new CatalogIndex(renamed, categories, undefined, second);
    expect(third.typos).not.toBe(second.typos);
    expect(search(third, 'zanzibra').products.map((p) => p.name)).toContain('Zanzibar Cotton Shirt');
    expect(search(third, mistyped([words[0]!])[0]!).total).toBe(0);
    expect(search(second, mistyped([words[0]!])[0]!).total).toBeGreaterThan(0);
    expect(search(second, 'zanzibra').total).toBe(0);
  });
});

describe('the catalogue index: a search that matches nothing', () => {
  /** `count` products named from the demo's kind of words, and `distinct` more each named with a number of its own. */
  function catalogue(count: number, distinct: number): IndexedProduct[] {
    const words = ['oxford', 'linen', 'shirt', 'kurta', 'chino', 'denim', 'jacket', 'cotton'];
    return [
      ...Array.from({ length: count }, (_, i) =>
        product(i, `${words[i % 8]} ${words[(i >> 3) % 8]} ${words[(i >> 6) % 8]}`),
      ),
      ...Array.from({ length: distinct }, (_, i) => product(count + i, `Heritage Kurta ${100_000 + i * 7}`)),
    ];
  }
  const median = (index: CatalogIndex, q: string) => {
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const started = performance.now();
      const answer = index.query({ q, sort: 'relevance', offset: 0, limit: 10, facets: true });
      times.push(performance.now() - started);
      expect(answer.total).toBe(0);
    }
    return times.sort((a, b) => a - b)[30]!;
  };

  it('costs about the same with 20,000 more words in the vocabulary', () => {
    const small = new CatalogIndex(catalogue(20_000, 0), categories);
    const large = new CatalogIndex(catalogue(20_000, 20_000), categories);
    for (const q of ['zzyzx qwv', 'qwertyuiop', '9999999 kurta']) {
      const [before, after] = [median(small, q), median(large, q)];
      expect(after, `${q}: ${before.toFixed(3)} ms → ${after.toFixed(3)} ms`).toBeLessThan(before * 3 + 0.5);
    }
  });

  it('answers no products and no counts', () => {
    const index = new CatalogIndex(catalogue(100, 0), categories);
    const answer = index.query({ q: 'zzyzx', sort: 'relevance', offset: 0, limit: 10, facets: true });
    expect(answer.products).toEqual([]);
    expect(answer.facets?.colors).toEqual([]);
    expect(answer.facets?.sizes).toEqual([]);
    expect(answer.facets?.collections.every((c) => c.count === 0)).toBe(true);
  });
});

describe('the catalogue index: stock changed in place', () => {
  const variants = (list: string[]) => list.map((v) => ({ color: v.split('/')[0]!, size: v.split('/')[1]! }));
  const shirt = (i: number, stock: string[]): IndexedProduct => ({
    ...product(i, `Poplin Shirt ${i}`),
    colors: ['white', 'navy'],
    stock: stockText(variants(stock)),
  });
  const answer = (index: CatalogIndex, query: Partial<Parameters<CatalogIndex['query']>[0]> = {}) =>
    index.query({ sort: 'price', offset: 0, limit: 10, facets: true, ...query });

  it.each([
    // stock of product 1 after the change → its card's colours, navy's count, M's count, in-stock total
    [['white/M', 'navy/L'], ['white', 'navy'], 2, 2, 2],
    [['white/M'], ['white'], 1, 2, 2],
    [['navy/M'], ['navy'], 2, 2, 2],
    [[], [], 1, 1, 1],
  ])('after %j: colours %j, navy %i, M %i, in stock %i', (stock, colors, navy, medium, inStock) => {
    const index = new CatalogIndex([shirt(1, ['white/M', 'navy/L']), shirt(2, ['navy/M'])], categories);
    expect(index.setStock('p000001', variants(stock))).toBe(stock.join() !== 'white/M,navy/L');
    const all = answer(index);
    expect(all.products.find((p) => p.id === 'p000001')).toMatchObject({ colors, soldOut: stock.length === 0 });
    expect(all.facets?.colors.find((c) => c.value === 'navy')?.count ?? 0).toBe(navy);
    expect(all.facets?.sizes.find((s) => s.value === 'M')?.count ?? 0).toBe(medium);
    expect(answer(index, { inStock: true }).total).toBe(inStock);
  });

  it('takes a colour and size chosen together as that variant', () => {
    const index = new CatalogIndex([shirt(1, ['white/M', 'navy/L']), shirt(2, ['navy/M'])], categories);
    expect(answer(index, { color: 'navy', size: 'M' }).products.map((p) => p.id)).toEqual(['p000002']);
    expect(answer(index, { color: 'white', size: 'L' }).total).toBe(0);
    expect(answer(index, { color: 'navy' }).facets?.sizes).toEqual([
      { value: 'M', count: 1 },
      { value: 'L', count: 1 },
    ]);
    expect(answer(index, { size: 'M' }).facets?.colors).toEqual([
      { value: 'navy', count: 1 },
      { value: 'white', count: 1 },
    ]);
    expect(index.setStock('unknown', [])).toBe(false);
  });
});

describe('the catalogue index: country of origin', () => {
  const made = (i: number, name: string, origin: string, stocked = true): IndexedProduct => ({
    ...product(i, name),
    origin,
    stock: stocked ? stockText([{ color: 'navy', size: 'M' }]) : '',
  });
  const index = new CatalogIndex(
    [
      made(1, 'Oxford Shirt', 'India'),
      made(2, 'Linen Shirt', 'india '.trim()),
      made(3, 'Denim Jacket', 'Bangladesh'),
      made(4, 'Wool Cap', 'Nepal', false),
      made(5, 'Old Tee', ''),
      made(6, 'Chino', 'INDIA'),
    ],
    categories,
  );
  const list = (query: Partial<Parameters<CatalogIndex['query']>[0]>) =>
    index.query({ sort: 'price', offset: 0, limit: 20, facets: true, ...query });

  it.each([
    ['India', ['Oxford Shirt', 'Linen Shirt', 'Chino']],
    ['india', ['Oxford Shirt', 'Linen Shirt', 'Chino']],
    [' Bangladesh ', ['Denim Jacket']],
    ['Peru', []],
  ])('filters by %j whatever its case', (origin, names) => {
    const answer = list({ origin, sort: 'name' });
    expect(answer.products.map((p) => p.name).sort()).toEqual([...names].sort());
    expect(answer.total).toBe(names.length);
  });

  it('counts each country once, A to Z, under the other filters, and not the product without one', () => {
    expect(list({}).facets!.origins).toEqual([
      { value: 'Bangladesh', count: 1 },
      { value: 'India', count: 3 },
      { value: 'Nepal', count: 1 },
    ]);
    // A country chosen still shows the others' counts (a choice within the group, not across).
    expect(list({ origin: 'Nepal' }).facets!.origins.map((f) => f.count)).toEqual([1, 3, 1]);
    // Other groups narrow the counts: Nepal's only product is sold out.
    expect(list({ inStock: true }).facets!.origins).toEqual([
      { value: 'Bangladesh', count: 1 },
      { value: 'India', count: 3 },
    ]);
    // Invariant: the counts add up to the products that declare a country.
    const answer = list({});
    expect(answer.facets!.origins.reduce((sum, f) => sum + f.count, 0)).toBe(answer.total - 1);
  });

  it('names a country as its spellings say, whatever order the products come in', () => {
    // The catalogue is read in id order, which is random: once, "india" came first.
    const spelled = [made(1, 'Oxford Shirt', 'india'), made(2, 'Linen Shirt', 'India'), made(3, 'Chino', 'INDIA')];
    for (const products of [spelled, [...spelled].reverse(), [spelled[2]!, spelled[0]!, spelled[1]!]]) {
      const shown = new CatalogIndex(products, categories).query({ sort: 'price', offset: 0, limit: 20, facets: true });
      expect(shown.facets!.origins).toEqual([{ value: 'India', count: 3 }]);
    }
  });

  it('sorts by country A to Z, by name within one, undeclared last', () => {
    expect(list({ sort: 'origin' }).products.map((p) => p.name)).toEqual([
      'Denim Jacket',
      'Chino',
      'Linen Shirt',
      'Oxford Shirt',
      'Wool Cap',
      'Old Tee',
    ]);
  });
});

describe('the catalogue index: deep pages', () => {
  const words = ['oxford', 'linen', 'shirt', 'kurta', 'chino', 'denim'];
  /** Names of one to three words, so that a search scores products differently. */
  const catalogue = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      product(i, [words[i % 6], words[(i >> 2) % 6], words[(i >> 5) % 6]].slice(0, 1 + (i % 3)).join(' ')),
    );
  const ids = (answer: { products: { id: string }[] }) => answer.products.map((p) => p.id);

  it('answers a page as the same stretch of the whole list, in every order and by relevance', () => {
    const index = new CatalogIndex(catalogue(2000), categories);
    for (const [sort, q] of [
      ['price', undefined],
      ['name', 'shirt'],
      ['relevance', 'oxford shirt'],
      ['relevance', 'linen'],
    ] as const) {
      const whole = index.query({ sort, q, offset: 0, limit: 2000 });
      expect(whole.products.length, `${sort} ${q}`).toBe(whole.total);
      for (const offset of [0, 7, 100, whole.total - 3]) {
        expect(ids(index.query({ sort, q, offset, limit: 10 })), `${sort} ${q} from ${offset}`).toEqual(
          ids(whole).slice(offset, offset + 10),
        );
      }
      expect(index.query({ sort, q, offset: whole.total, limit: 10 }).products).toEqual([]);
    }
  });

  /** The objects of 100 KB or more that `work` allocates (sampled by V8's heap profiler, collected ones too). */
  function largeAllocations(work: () => void): number[] {
    const session = new Session();
    session.connect();
    const post = (method: string, params?: object) => {
      let answer: unknown;
      // A session of this thread answers before post returns.
      session.post(method, params, (error, result) => {
        if (error) throw error;
        answer = result;
      });
      return answer as { profile: { samples: { size: number }[] } };
    };
    post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    let profile: { samples: { size: number }[] };
    try {
      work();
    } finally {
      profile = post('HeapProfiler.stopSampling').profile;
      session.disconnect();
    }
    return profile.samples.map((sample) => sample.size).filter((size) => size >= 100_000);
  }

  it('keeps only the page: it allocates nothing the size of the catalogue', () => {
    const index = new CatalogIndex(catalogue(60_000), categories);
    const found = index.query({ sort: 'relevance', q: 'oxford', offset: 0, limit: 1 }).total;
    expect(found).toBeGreaterThan(15_000);
    // Before, each deep page made an array of every product up to it (0.2 MB and more: too big for
    // V8's young generation, and kept in the old one until it filled).
    const large = largeAllocations(() => {
      for (let i = 0; i < 10; i++) {
        expect(index.query({ sort: 'price', offset: 59_980 + i, limit: 10 }).products).toHaveLength(10);
        expect(
          index.query({ sort: 'relevance', q: 'oxford', offset: found - 20 + i, limit: 10 }).products,
        ).toHaveLength(10);
      }
    });
    expect(large).toEqual([]);
  });
});
