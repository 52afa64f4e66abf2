import { describe, expect, it } from 'vitest';
import {
  passwordRefusal,
  passwordRefusalMessages,
  type PasswordOwner,
  type PasswordRefusal,
} from './password-rules.ts';
import { STORE_NAME } from './brand.ts';

const ravi: PasswordOwner = { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi.kumar90@example.com' };

describe('passwordRefusal', () => {
  it.each<[string, string, PasswordOwner, PasswordRefusal | null]>([
    ['one letter repeated', 'aaaaaaaa', {}, 'ONE_CHARACTER'],
    ['one letter repeated in mixed case', 'aAaAaAaA', {}, 'ONE_CHARACTER'],
    ['one digit repeated', '11111111', {}, 'ONE_CHARACTER'],
    ['one symbol repeated', '!!!!!!!!', {}, 'ONE_CHARACTER'],
    ['eight spaces', '        ', {}, 'ONLY_SPACES'],
    ['non-breaking and ideographic spaces', '\u00a0\u3000\u00a0\u3000\u00a0\u3000\u00a0\u3000', {}, 'ONLY_SPACES'],
    ['eight NUL characters', '\u0000'.repeat(8), {}, 'CONTROL_CHARACTERS'],
    ['a NUL inside a good password', 'Monsoon\u0000Kurta-2026', {}, 'CONTROL_CHARACTERS'],
    ['tabs', '\t\t\t\t\t\t\t\t', {}, 'CONTROL_CHARACTERS'],
    ['a line break', 'monsoon\nkurta', {}, 'CONTROL_CHARACTERS'],
    ['DEL', 'monsoon\u007fkurta', {}, 'CONTROL_CHARACTERS'],
    ['a C1 control', 'monsoon\u0085kurta', {}, 'CONTROL_CHARACTERS'],
    ['zero-width spaces and non-joiners', '\u200b\u200c'.repeat(4), {}, 'INVISIBLE_CHARACTERS'],
    ['braille blanks and Hangul fillers', '\u2800\u3164'.repeat(4), {}, 'INVISIBLE_CHARACTERS'],
    ['word joiners', '\u2060\u200b'.repeat(4), {}, 'INVISIBLE_CHARACTERS'],
    ['a zero-width space inside a good password', 'Monsoon\u200bKurta-2026', {}, 'INVISIBLE_CHARACTERS'],
    ['a direction override', 'Monsoon\u202eKurta-2026', {}, 'INVISIBLE_CHARACTERS'],
    ["the shop's name with digits", 'kapas123', {}, 'STORE_NAME'],
    ["the shop's name in capitals with symbols", '@KAPAS#2026!', {}, 'STORE_NAME'],
    ["the shop's name twice", 'KapasKapas', {}, 'STORE_NAME'],
    ["the shop's name with spaces around", '  kapas  2024', {}, 'STORE_NAME'],
    ['the first name with digits', 'ravi12345', ravi, 'OWN_NAME'],
    ['the last name with symbols', '**Kumar**', ravi, 'OWN_NAME'],
    ['first and last name', 'RaviKumar', ravi, 'OWN_NAME'],
    ['last and first name with a year', 'kumar.ravi.1990', ravi, 'OWN_NAME'],
    ["the email's name", 'ravi.kumar90', ravi, 'OWN_NAME'],
    ['a name repeated', 'raviravi', ravi, 'OWN_NAME'],
    ['a name in another script', 'रवि@12345', { firstName: 'रवि' }, 'OWN_NAME'],
    ['an email name with digits only around it', '1990sunil!!', { email: 'sunil1990@example.in' }, 'OWN_NAME'],
    ['a passphrase', 'the monsoon came early to kodagu', ravi, null],
    ['a good password holding the name among other words', 'Ravi-likes-Monsoon-Kurtas', ravi, null],
    ["a good password holding the shop's name among other words", 'kapas-cotton-2026', ravi, null],
    ['digits and symbols only', '7!3#9@1$', ravi, null],
    ['two characters alternating', 'abababab', {}, null],
    ['spaces inside a passphrase', 'tea at four, rain at five', {}, null],
    ["someone else's name", 'Priya-2026', ravi, null],
    ['an account without a last name', 'ravi-monsoon-2026', { firstName: 'Ravi', lastName: '' }, null],
  ])('%s: %j → %s', (_case, password, owner, expected) => {
    expect(passwordRefusal(password, owner)).toBe(expected);
  });

  it("takes the shop's name from the store settings", () => {
    expect(passwordRefusal(`${STORE_NAME}2026`)).toBe('STORE_NAME');
    expect(passwordRefusal('zari2026', {}, 'Zari')).toBe('STORE_NAME');
  });

  it('has a message for every refusal, saying what to avoid', () => {
    for (const [reason, message] of Object.entries(passwordRefusalMessages)) {
      expect(message, reason).toMatch(/^Password cannot /);
    }
  });
});
