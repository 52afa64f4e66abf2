import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinRefusal, isValidGstin } from './gstin.ts';

describe('GSTIN', () => {
  it.each([
    // Published examples and the demo shop's own.
    ['27AAPFU0939F1ZV', null],
    ['27AAKCK4821L1Z6', null],
    ['33AAACK1234M1ZS', null],
    ['07AAACI1681G1ZR', null],
    ['29AAGCR4375J1ZU', null],
    // One character changed: the check character no longer matches.
    ['27AAPFU0939F1ZW', 'CHECKSUM'],
    ['27AAPFU0939F2ZV', 'CHECKSUM'],
    ['29AAPFU0939F1ZV', 'CHECKSUM'],
    // Two neighbouring characters swapped: caught too.
    ['27AAFPU0939F1ZV', 'CHECKSUM'],
    // Not the shape of a GSTIN.
    ['', 'SHAPE'],
    ['27AAPFU0939F1Z', 'SHAPE'],
    ['27AAPFU0939F1ZVX', 'SHAPE'],
    ['27aapfu0939f1zv', 'SHAPE'],
    ['2AAAPFU0939F1ZV', 'SHAPE'],
    ['27AAPF10939F1ZV', 'SHAPE'],
    ['27AAPFU0939F0ZV', 'SHAPE'],
    [' 27AAPFU0939F1ZV', 'SHAPE'],
    // No state has code 40 or 00.
    [`40AAPFU0939F1Z${gstinCheckCharacter('40AAPFU0939F1Z')}`, 'STATE_CODE'],
    [`00AAPFU0939F1Z${gstinCheckCharacter('00AAPFU0939F1Z')}`, 'STATE_CODE'],
  ] as const)('%s → %s', (gstin, refusal) => {
    expect(gstinRefusal(gstin)).toBe(refusal);
    expect(isValidGstin(gstin)).toBe(refusal === null);
  });

  it('every one of the 36 possible last characters is right for exactly one GSTIN', () => {
    const valid = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => isValidGstin(`27AAPFU0939F1Z${c}`));
    expect(valid).toEqual(['V']);
  });
});
