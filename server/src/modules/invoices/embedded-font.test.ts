import { describe, expect, it } from 'vitest';
import { clusterTexts } from './embedded-font.ts';

const cp = (text: string) => [...text].map((c) => c.codePointAt(0)!);

describe('the text each shaped glyph stands for', () => {
  it.each([
    // Glyphs in the order written stand for their own letters.
    ['राम', [cp('र'), cp('ा'), cp('म')], ['र', 'ा', 'म']],
    // A conjunct is one glyph for three letters.
    ['क्ष', [cp('क्ष')], ['क्ष']],
    // The i-matra is drawn before its consonant: the two glyphs stand for the letters in order.
    ['कि', [cp('ि'), cp('क')], ['क', 'ि']],
    ['लिनन', [cp('ि'), cp('ल'), cp('न'), cp('न')], ['ल', 'ि', 'न', 'न']],
    // The reph (र्) is drawn after the letter it precedes.
    ['र्म', [cp('म'), cp('र्')], ['र', '्म']],
    // Tamil's two-part vowel ொ: fontkit draws its parts around the consonant, decomposed.
    ['கொ', [cp('ெ'), cp('க'), cp('ா')], ['க', 'ெ', 'ா']],
    ['সৌ', [cp('ে'), cp('স'), cp('ৗ')], ['স', 'ে', 'ৗ']],
    // A glyph the font adds (a dotted circle under a lone matra) stands for nothing.
    ['ि', [cp('ि'), []], ['ि', '']],
    // Glyphs that are not the text's keep their own letters.
    ['ab', [cp('c'), cp('b')], ['c', 'b']],
  ])('%s', (text, glyphs, expected) => {
    const texts = clusterTexts(text, glyphs);
    expect(texts).toEqual(expected);
    if (!expected.includes('c')) expect(texts.join('').normalize('NFC')).toBe(text.normalize('NFC'));
  });
});
