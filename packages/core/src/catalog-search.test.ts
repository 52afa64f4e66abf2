import { describe, expect, it } from 'vitest';
import { allowedTypos, expandWord, matchWeight, queryWords, searchWords, typoDistance } from './catalog-search.ts';

describe('searchWords', () => {
  it.each([
    ['Oxford Cotton Shirt', ['oxford', 'cotton', 'shirt']],
    ["Men's T-Shirts", ['mens', 't', 'shirts', 'tshirts']],
    ['Crêpe  Kurta', ['crepe', 'kurta']],
    ['Sky Blue', ['sky', 'blue']],
    ['Slim-Fit Chino 32', ['slim', 'fit', 'slimfit', 'chino', '32']],
    ['', []],
  ])('%j → %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });
});

describe('queryWords', () => {
  it.each([
    ['  OXFORD   shirt ', ['oxford', 'shirt']],
    ['t-shirt', ['t', 'shirt']],
    ['%_', []],
    ['a b c d e f g h', ['a', 'b', 'c', 'd', 'e', 'f']],
  ])('%j → %j', (query, words) => {
    expect(queryWords(query)).toEqual(words);
  });
});

describe('typoDistance', () => {
  it.each([
    ['oxford', 'oxford', 0],
    ['oxfrod', 'oxford', 1],
    ['shrit', 'shirt', 1],
    ['shirt', 'short', 1],
    ['linnen', 'linen', 1],
    ['kurta', 'kurti', 1],
    ['denim', 'denims', 1],
    ['jaket', 'jacket', 1],
    ['trousres', 'trousers', 1],
    ['abc', 'xyz', 3],
    ['oxford', 'shirt', 3],
  ])('%s ↔ %s: %i', (a, b, distance) => {
    expect(typoDistance(a, b)).toBe(distance);
    expect(typoDistance(b, a)).toBe(distance);
  });
});

describe('allowedTypos', () => {
  it.each([
    [1, 0],
    [3, 0],
    [4, 1],
    [7, 1],
    [8, 2],
    [14, 2],
  ])('a word of %i letters: %i', (length, typos) => {
    expect(allowedTypos(length)).toBe(typos);
  });
});

describe('expandWord', () => {
  const vocabulary = ['cotton', 'linen', 'oxford', 'oxfords', 'shirt', 'shirts', 'short', 'tee', 'trousers'].sort();
  it.each([
    [
      'shirt',
      [
        ['shirt', 'exact'],
        ['shirts', 'prefix'],
      ],
    ],
    [
      'shi',
      [
        ['shirt', 'prefix'],
        ['shirts', 'prefix'],
      ],
    ],
    ['oxfrod', [['oxford', 'typo']]],
    ['shrit', [['shirt', 'typo']]],
    ['linnen', [['linen', 'typo']]],
    ['trosuers', [['trousers', 'typo']]],
    ['te', [['tee', 'prefix']]],
    ['t', []],
    ['tex', []],
    ['zzyzx', []],
  ])('%s → %j', (word, expected) => {
    expect(expandWord(word, vocabulary).map((m) => [m.word, m.match])).toEqual(expected);
  });
});

describe('matchWeight', () => {
  it('ranks a name above the other fields, and exact above prefix above typo', () => {
    const order = [
      matchWeight('name', 'exact'),
      matchWeight('name', 'prefix'),
      matchWeight('name', 'typo'),
      matchWeight('other', 'typo'),
    ];
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(matchWeight('other', 'exact')).toBeLessThan(matchWeight('name', 'typo') + 1);
  });
});
