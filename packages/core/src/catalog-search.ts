/**
 * The rules of catalogue search, in one place so that every database answers a search with the
 * same products in the same order: how text becomes words, which catalogue words a typed word
 * stands for (itself, a word it begins, or a near miss), and how a match is scored.
 */
import { firstAtLeast } from './sorted-search.ts';

/** The most words of a query that count; the rest is ignored (a query is at most 100 characters). */
export const maxQueryWords = 6;

/**
 * The words of a text as search sees them: lower case, accents dropped, split at anything that
 * is not a letter or digit. A hyphenated word also counts whole ("T-Shirt" gives t, shirt and
 * tshirt) so that shoppers who type it either way find it.
 */
export function searchWords(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, '');
  const words: string[] = [];
  for (const chunk of folded.split(/\s+/)) {
    const parts = chunk.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    words.push(...parts);
    if (parts.length > 1) words.push(parts.join(''));
  }
  return [...new Set(words)];
}

/** The words of a shopper's query, at most `maxQueryWords`. */
export function queryWords(query: string): string[] {
  return query
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, maxQueryWords);
}

/** How many typing mistakes a word of this length may carry and still be recognised. */
export function allowedTypos(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Edits between two words (insert, delete, replace, swap two neighbours), or `limit + 1` as
 * soon as it is sure to exceed `limit`. "oxfrod" is one edit (a swap) from "oxford".
 */
export function typoDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current[j] = best;
      rowMin = Math.min(rowMin, best);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

export type WordMatch = 'exact' | 'prefix' | 'typo';

/** Finds the nearest words to a mistyped word as `nearestWords` does, faster (see typo-index.ts). */
export interface TypoLookup {
  nearest(word: string): string[];
}

/**
 * The catalogue words a typed word stands for. The word itself, and the words it begins (from
 * two letters on), as typed; only when it is neither a catalogue word nor the start of one, the
 * nearest words within `allowedTypos` edits ("oxfrod" → oxford). So "shirt" never brings
 * "short" in, while "shrit" finds shirts. `typos`, an index of the same vocabulary, finds the
 * nearest words without reading the whole vocabulary.
 */
export function expandWord(
  word: string,
  vocabulary: readonly string[],
  typos?: TypoLookup,
): { word: string; match: WordMatch }[] {
  const found: { word: string; match: WordMatch }[] = [];
  // The vocabulary is sorted, so the words beginning with `word` follow it.
  let i = firstAtLeast(vocabulary, word);
  if (vocabulary[i] === word) {
    found.push({ word, match: 'exact' });
    i++;
  }
  if (word.length >= 2) {
    for (; i < vocabulary.length && vocabulary[i]!.startsWith(word); i++) {
      found.push({ word: vocabulary[i]!, match: 'prefix' });
    }
  }
  if (found.length > 0) return found;
  const nearest = typos ? typos.nearest(word) : nearestWords(word, vocabulary);
  return nearest.map((w) => ({ word: w, match: 'typo' as const }));
}

/**
 * The words of `vocabulary` (sorted) within `allowedTypos` edits of `word`, at the smallest
 * distance any is, in vocabulary order: the typo rule's definition, as a scan of the whole
 * vocabulary. `TypoIndex` answers the same from an index.
 */
export function nearestWords(word: string, vocabulary: readonly string[]): string[] {
  const limit = allowedTypos(word.length);
  if (limit === 0) return [];
  let best = limit + 1;
  let nearest: string[] = [];
  for (const candidate of vocabulary) {
    const distance = typoDistance(word, candidate, limit);
    if (distance < best) {
      best = distance;
      nearest = [candidate];
    } else if (distance === best && distance <= limit) {
      nearest.push(candidate);
    }
  }
  return nearest;
}

/** Where in a product a word was found: its name weighs more than its category, colours and tags. */
export type SearchField = 'name' | 'other';

const weights: Record<SearchField, Record<WordMatch, number>> = {
  name: { exact: 8, prefix: 6, typo: 4 },
  other: { exact: 4, prefix: 3, typo: 2 },
};

/**
 * What one typed word adds to a product's score, by where and how it matched. A product's score
 * is the sum over the typed words of each word's best match in it; products missing a typed word
 * do not match. Equal scores keep the name order.
 */
export function matchWeight(field: SearchField, match: WordMatch): number {
  return weights[field][match];
}
