import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonPasswordList, isCommonPassword, lookupForm, sortedLineList } from './common-passwords.ts';

/**
 * Breached passwords of 8 or more characters, each among the 8,000 most common of the list
 * and each accepted at sign-up before the list grew past 5,000 entries (none is one character
 * repeated, the shop's name or the person's name).
 */
const breached = [
  '987654321',
  '123123123',
  '87654321',
  '12341234',
  '12121212',
  '0987654321',
  'abcdefgh',
  '1qaz1qaz',
  'poiuytrewq',
  'asdasdasd',
  'qwerqwer',
  'qwertyqwerty',
  'zxcvzxcv',
  'cowboyup',
  'maxpayne',
];

describe('the common breached passwords', () => {
  it('holds at least the 100,000 most common, each in the form it is looked up in and of an accepted length', async () => {
    const list = await commonPasswordList();
    expect(list.size).toBeGreaterThanOrEqual(100_000);
    expect(list.has('password1')).toBe(true);
    for (const length of [PASSWORD_MIN_LENGTH - 1, PASSWORD_MAX_LENGTH + 1]) {
      expect(list.has('1'.repeat(length))).toBe(false);
    }
  });

  it.each(breached)('refuses %s, in any letter case', async (password) => {
    expect(await isCommonPassword(password)).toBe(true);
    expect(await isCommonPassword(password.toUpperCase())).toBe(true);
    expect(await isCommonPassword(password[0]!.toUpperCase() + password.slice(1))).toBe(true);
  });

  it('refuses a breached password typed in full-width letters', async () => {
    expect(lookupForm('ＭａｘＰａｙｎｅ')).toBe('maxpayne');
    expect(await isCommonPassword('ＭａｘＰａｙｎｅ')).toBe(true);
  });

  it.each(['Monsoon-Kurta-2026!', 'the monsoon came early to the hills of kodagu', 'पासवर्ड-मानसून-2026'])(
    'accepts %s',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(false);
    },
  );

  it('is read once, however many checks ask for it at once', async () => {
    const lists = await Promise.all(Array.from({ length: 20 }, () => commonPasswordList()));
    expect(new Set(lists).size).toBe(1);
  });

  it('finds every line of a sorted list, and nothing between them', () => {
    const list = sortedLineList(Buffer.from(['aaa', 'abc', 'b', 'zz'].join('\n')));
    expect(list.size).toBe(4);
    for (const line of ['aaa', 'abc', 'b', 'zz']) expect(list.has(line)).toBe(true);
    for (const absent of ['', 'a', 'aab', 'abd', 'ba', 'z', 'zzz']) expect(list.has(absent)).toBe(false);
    expect(sortedLineList(Buffer.alloc(0)).has('a')).toBe(false);
  });

  it('answers as a set of its lines would, for any sorted list of non-empty lines and any word', () => {
    const word = (minLength: number) =>
      fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), minLength, maxLength: 4 });
    fc.assert(
      fc.property(fc.uniqueArray(word(1), { maxLength: 30 }), fc.array(word(0), { maxLength: 20 }), (lines, probes) => {
        const sorted = lines.map((l) => Buffer.from(l)).sort(Buffer.compare);
        const list = sortedLineList(Buffer.from(sorted.map((l) => l.toString()).join('\n')));
        for (const probe of [...lines, ...probes]) expect(list.has(probe)).toBe(lines.includes(probe));
      }),
    );
  });
});
