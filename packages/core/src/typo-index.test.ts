import { describe, expect, it } from 'vitest';
import { expandWord, nearestWords, searchWords } from './catalog-search.ts';
import { TypoIndex } from './typo-index.ts';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortedUnique = (words: Iterable<string>) => [...new Set(words)].sort(byText);

/** A small PRNG (mulberry32), so every run checks the same words. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Letters as catalogue words have them: mostly a–z, some digits, a few letters beyond Latin
// (Devanagari, and one outside the Basic Multilingual Plane, two UTF-16 units).
const letters = 'aaaeeiioouurrnnttsslckmpdhgybfwvxzjq0123456789';
const rare = ['ß', 'ø', 'ñ', 'क', 'र', '𠀋'];

function wordsOf(next: () => number, count: number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const length = 1 + Math.floor(next() * 13);
    let word = '';
    for (let i = 0; i < length; i++) {
      word += next() < 0.02 ? rare[Math.floor(next() * rare.length)] : letters[Math.floor(next() * letters.length)];
    }
    words.add(word);
  }
  return sortedUnique(words);
}

/** `word` with `edits` random typing mistakes (insert, delete, replace, swap two neighbours). */
function mistyped(next: () => number, word: string, edits: number): string {
  let typed = word;
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * (typed.length + 1));
    const letter = letters[Math.floor(next() * letters.length)]!;
    const kind = Math.floor(next() * 4);
    if (kind === 0) typed = typed.slice(0, at) + letter + typed.slice(at);
    else if (kind === 1 && typed.length > 1) typed = typed.slice(0, at) + typed.slice(at + 1);
    else if (kind === 2) typed = typed.slice(0, at) + letter + typed.slice(at + 1);
    else if (at + 1 < typed.length) typed = typed.slice(0, at) + typed[at + 1] + typed[at] + typed.slice(at + 2);
  }
  return typed;
}

/** Typed words to try against a vocabulary: near misses of its words at 1–3 edits, and strangers. */
function queriesFor(next: () => number, vocabulary: readonly string[], count: number): string[] {
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const word = vocabulary[Math.floor(next() * vocabulary.length)]!;
    queries.push(i % 10 === 9 ? wordsOf(next, 1)[0]! : mistyped(next, word, 1 + (i % 3)));
  }
  return queries;
}

describe('TypoIndex', () => {
  const catalogue = sortedUnique(
    [
      'Oxford Cotton Shirt',
      'Linen Kurta',
      'Slim-Fit Chino Trousers',
      'Denim Jacket',
      'Crew Neck T-Shirt',
      'Short Sleeve Polo',
      'Pima Cotton Pocket Tee',
      'Heavyweight Oversized Hoodie',
      'Charcoal Ivory Sand Olive',
    ].flatMap(searchWords),
  );
  const index = TypoIndex.of(catalogue);

  it.each([
    ['oxfrod', ['oxford']],
    ['shrit', ['shirt']],
    ['shorts', ['short']],
    ['sohrt', ['short']],
    ['linnen', ['linen']],
    ['kurti', ['kurta']],
    ['jaket', ['jacket']],
    ['trosuers', ['trousers']],
    ['heavywieght', ['heavyweight']],
    ['oversised', ['oversized']],
    ['chrcoal', ['charcoal']],
    ['pokcet', ['pocket']],
    ['cottn', ['cotton']],
    ['polo', ['polo']],
    ['tee', []],
    ['zzyzx', []],
    ['oxfordshirt', []],
  ])('%s → %j, as the scan of the vocabulary finds', (typed, expected) => {
    expect(index.nearest(typed)).toEqual(expected);
    expect(index.nearest(typed)).toEqual(nearestWords(typed, catalogue));
  });

  it('answers what the scan answers, for 4,000 near misses and strangers of 3,000 words', () => {
    const next = random(20261128);
    const vocabulary = wordsOf(next, 3000);
    const indexed = TypoIndex.of(vocabulary);
    const queries = queriesFor(next, vocabulary, 4000);
    let found = 0;
    for (const typed of queries) {
      const expected = nearestWords(typed, vocabulary);
      expect(indexed.nearest(typed), typed).toEqual(expected);
      if (expected.length > 0) found++;
    }
    // The table means something: most queries have near words.
    expect(found).toBeGreaterThan(queries.length / 2);
  }, 60_000);

  it('made from the index before it, answers for the new vocabulary alone', () => {
    const next = random(7);
    let vocabulary = wordsOf(next, 2000);
    let indexed = TypoIndex.of(vocabulary);
    const made = { fromTheOneBefore: 0, afresh: 0 };
    for (let round = 0; round < 8; round++) {
      // Words go (every 7th, shifting) and come (new ones, and some that went before).
      const gone = new Set(vocabulary.filter((_, i) => (i + round) % 7 === 0));
      const come = [...wordsOf(next, 100), ...(round % 3 === 2 ? [...gone].slice(0, 20) : [])];
      const before = indexed;
      vocabulary = sortedUnique([...vocabulary.filter((w) => !gone.has(w) || come.includes(w)), ...come]);
      indexed = TypoIndex.of(vocabulary, before);
      expect(indexed).not.toBe(before);
      expect(indexed.vocabulary).toBe(vocabulary);
      made[indexed.stats().gone > 0 ? 'fromTheOneBefore' : 'afresh'] += 1;
      for (const typed of [...queriesFor(next, vocabulary, 400), ...[...gone].slice(0, 40)]) {
        expect(indexed.nearest(typed), typed).toEqual(nearestWords(typed, vocabulary));
      }
    }
    // Both ways of making the next index were taken: from the one before, and afresh.
    expect(made.fromTheOneBefore).toBeGreaterThan(0);
    expect(made.afresh).toBeGreaterThan(0);
  }, 60_000);

  it('is the same index when no word came or went', () => {
    const vocabulary = wordsOf(random(3), 500);
    const indexed = TypoIndex.of(vocabulary);
    expect(TypoIndex.of([...vocabulary], indexed)).toBe(indexed);
  });

  it('leaves an index it was made from as it was', () => {
    const vocabulary = ['cotton', 'linen', 'oxford', 'shirt'];
    const first = TypoIndex.of(vocabulary);
    const second = TypoIndex.of(['cotton', 'linen', 'oxfords', 'shirt'], first);
    expect(first.nearest('oxfrod')).toEqual(['oxford']);
    expect(second.nearest('oxfrod')).toEqual([]);
    expect(second.nearest('oxfordz')).toEqual(['oxfords']);
    expect(first.nearest('oxfordz')).toEqual(['oxford']);
  });
});

describe('expandWord with a typo index', () => {
  it('expands every word as without it', () => {
    const next = random(11);
    const vocabulary = wordsOf(next, 2000);
    const indexed = TypoIndex.of(vocabulary);
    for (const typed of [...queriesFor(next, vocabulary, 1500), ...vocabulary.slice(0, 300), 'a', 'ab', '']) {
      expect(expandWord(typed, vocabulary, indexed), typed).toEqual(expandWord(typed, vocabulary));
    }
  }, 60_000);
});
