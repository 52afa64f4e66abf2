import { describe, expect, it } from 'vitest';
import { numberInIndianWords, rupeesInWords } from './amount-in-words.ts';

describe('amounts in words, the Indian way', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [13, 'Thirteen'],
    [20, 'Twenty'],
    [42, 'Forty-Two'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1000, 'One Thousand'],
    [12_345, 'Twelve Thousand Three Hundred Forty-Five'],
    [1_00_000, 'One Lakh'],
    [1_00_001, 'One Lakh One'],
    [99_99_999, 'Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_00_000, 'One Crore'],
    [1_23_45_678, 'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight'],
    [2_14_74_836, 'Two Crore Fourteen Lakh Seventy-Four Thousand Eight Hundred Thirty-Six'],
    [1_000_00_00_000, 'One Thousand Crore'],
  ])('%i → %s', (n, words) => {
    expect(numberInIndianWords(n)).toBe(words);
  });

  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees Zero and One Paise Only'],
    [10_000, 'Rupees One Hundred Only'],
    [12_998, 'Rupees One Hundred Twenty-Nine and Ninety-Eight Paise Only'],
    [1_19_900, 'Rupees One Thousand One Hundred Ninety-Nine Only'],
    [
      2_147_483_647,
      'Rupees Two Crore Fourteen Lakh Seventy-Four Thousand Eight Hundred Thirty-Six and Forty-Seven Paise Only',
    ],
  ])('%i paise → %s', (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  it('refuses what is not an amount', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
  });
});
