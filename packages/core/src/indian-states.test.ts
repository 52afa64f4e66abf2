import { describe, expect, it } from 'vitest';
import { findIndianState, indianStates, isPinCodeShape, pinCodeBelongsTo, statesOfPinCode } from './indian-states.ts';

describe('Indian states and union territories', () => {
  it('lists 28 states and 8 union territories, each with its own two-digit GST code', () => {
    expect(indianStates.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(indianStates.filter((s) => s.kind === 'union territory')).toHaveLength(8);
    const codes = indianStates.map((s) => s.gstCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{2}$/);
    const names = indianStates.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it.each([
    ['Karnataka', '29'],
    ['Delhi', '07'],
    ['Maharashtra', '27'],
    ['Tamil Nadu', '33'],
    ['Telangana', '36'],
    ['Andhra Pradesh', '37'],
    ['Ladakh', '38'],
    ['Dadra and Nagar Haveli and Daman and Diu', '26'],
  ])('%s has GST code %s', (name, code) => {
    expect(findIndianState(name)?.gstCode).toBe(code);
    expect(findIndianState(name.toUpperCase())?.gstCode).toBe(code);
  });

  it.each([
    // PIN, the state it is in, a state it is not in
    ['560001', 'Karnataka', 'Kerala'], // Bengaluru GPO
    ['110001', 'Delhi', 'Haryana'], // New Delhi
    ['400001', 'Maharashtra', 'Goa'], // Mumbai GPO
    ['403001', 'Goa', 'Maharashtra'], // Panaji
    ['600001', 'Tamil Nadu', 'Puducherry'], // Chennai
    ['605001', 'Puducherry', 'Karnataka'], // Puducherry
    ['500001', 'Telangana', 'Andhra Pradesh'], // Hyderabad
    ['520001', 'Andhra Pradesh', 'Telangana'], // Vijayawada
    ['700001', 'West Bengal', 'Sikkim'], // Kolkata
    ['737101', 'Sikkim', 'West Bengal'], // Gangtok
    ['744101', 'Andaman and Nicobar Islands', 'West Bengal'], // Port Blair
    ['190001', 'Jammu and Kashmir', 'Ladakh'], // Srinagar
    ['194101', 'Ladakh', 'Jammu and Kashmir'], // Leh
    ['160017', 'Chandigarh', 'Haryana'],
    ['160055', 'Punjab', 'Himachal Pradesh'], // Mohali shares 160 with Chandigarh
    ['248001', 'Uttarakhand', 'Uttar Pradesh'], // Dehradun
    ['226001', 'Uttar Pradesh', 'Uttarakhand'], // Lucknow
    ['834001', 'Jharkhand', 'Odisha'], // Ranchi
    ['800001', 'Bihar', 'Jharkhand'], // Patna
    ['682001', 'Kerala', 'Tamil Nadu'], // Kochi
    ['396210', 'Dadra and Nagar Haveli and Daman and Diu', 'Maharashtra'], // Daman
  ])('%s is in %s and not in %s', (pin, inState, notInState) => {
    expect(pinCodeBelongsTo(pin, findIndianState(inState)!)).toBe(true);
    expect(pinCodeBelongsTo(pin, findIndianState(notInState)!)).toBe(false);
    expect(statesOfPinCode(pin).map((s) => s.name)).toContain(inState);
  });

  it.each(['012345', '912345', '56000', '5600011', '56O001', ' 560001', ''])('%j is no PIN code', (pin) => {
    expect(isPinCodeShape(pin)).toBe(false);
    expect(statesOfPinCode(pin)).toEqual([]);
  });

  it('places every prefix range inside the PIN zones 1 to 8', () => {
    for (const state of indianStates) {
      for (const [from, to] of state.pinPrefixes) {
        expect(from).toBeLessThanOrEqual(to);
        expect(from).toBeGreaterThanOrEqual(100);
        expect(to).toBeLessThanOrEqual(899);
      }
    }
  });
});
