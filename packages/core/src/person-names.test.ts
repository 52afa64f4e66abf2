import { describe, expect, it } from 'vitest';
import { signupBody } from './contract/auth.ts';
import {
  cleanPersonName,
  normalizePersonName,
  PERSON_NAME_MAX_LENGTH,
  personNameMessage,
  personNameRefusal,
  type PersonNameRefusal,
} from './person-names.ts';

const allowed = /^[\p{L}\p{M} .'-]*$/u;

describe('person names', () => {
  it.each([
    ['Ravi', 'Ravi'],
    ['  Asha   Rani  ', 'Asha Rani'],
    ['रवि', 'रवि'],
    ['श्रीनिवास', 'श्रीनिवास'],
    ['முருகன்', 'முருகன்'],
    ['সৌমিত্র', 'সৌমিত্র'],
    ['ಅನಿಲ್', 'ಅನಿಲ್'],
    ['D’Souza', "D'Souza"],
    ["O'Brien", "O'Brien"],
    ['Sen‐Gupta', 'Sen-Gupta'],
    ['A.P.J. Abdul Kalam', 'A.P.J. Abdul Kalam'],
    ['M. S.', 'M. S.'],
    ['ए.पी.जे.', 'ए.पी.जे.'],
    ['Jr.', 'Jr.'],
    ['Ze\u0301phyr', 'Zéphyr'],
    ['Ñuñez-Lòpez', 'Ñuñez-Lòpez'],
    ['x'.repeat(PERSON_NAME_MAX_LENGTH), 'x'.repeat(PERSON_NAME_MAX_LENGTH)],
    ['न'.repeat(PERSON_NAME_MAX_LENGTH), 'न'.repeat(PERSON_NAME_MAX_LENGTH)],
  ])('accepts %j, kept as %j', (raw, kept) => {
    const name = normalizePersonName(raw);
    expect(name).toBe(kept);
    expect(personNameRefusal(name)).toBeNull();
    // What is accepted holds only the allowed characters and no web address.
    expect(name).toMatch(allowed);
    expect(name).not.toMatch(/\.\p{L}{2}/u);
  });

  it.each<[string, PersonNameRefusal]>([
    ['', 'REQUIRED'],
    ['   ', 'REQUIRED'],
    ['x'.repeat(PERSON_NAME_MAX_LENGTH + 1), 'TOO_LONG'],
    ['Ravi\nClick here', 'CHARACTERS'],
    ['Ravi\r\nhttps', 'CHARACTERS'],
    ['Ravi\tKumar', 'CHARACTERS'],
    ['https://evil.example', 'CHARACTERS'],
    ['evil.example/login', 'CHARACTERS'],
    ['Ravi <b>', 'CHARACTERS'],
    ['win@prize', 'CHARACTERS'],
    ['Ravi2', 'CHARACTERS'],
    ['₹5000', 'CHARACTERS'],
    ['Ravi\u200bKumar', 'CHARACTERS'],
    ['Ravi\u202eramuK', 'CHARACTERS'],
    ['Ravi\u0000', 'CHARACTERS'],
    ['🙂', 'CHARACTERS'],
    ['Ravi, call 98765', 'CHARACTERS'],
    ['...', 'NO_LETTER'],
    ["-'-", 'NO_LETTER'],
    ['evil.com', 'FULL_STOP'],
    ['www.evil.example', 'FULL_STOP'],
    ['x.co', 'FULL_STOP'],
    ['EVIL.COM', 'FULL_STOP'],
    ['A.Kumar', 'FULL_STOP'],
    ['प्रिय.कॉम', 'FULL_STOP'],
  ])('refuses %j (%s)', (raw, refusal) => {
    expect(personNameRefusal(normalizePersonName(raw))).toBe(refusal);
  });

  it('says what is wrong, naming the field', () => {
    expect(personNameMessage('First name', 'CHARACTERS')).toBe(
      "First name can contain only letters, spaces, and . ' -",
    );
    expect(personNameMessage('Last name', 'TOO_LONG')).toBe('Last name must be 50 characters or fewer.');
    expect(personNameMessage('First name', 'REQUIRED')).toBe('First name is required.');
  });

  it.each([
    ['Gita', 'Gita'],
    ['  Gita  ', 'Gita'],
    ['John (Work)', 'John Work'],
    ['Ravi\nVisit https://evil.example now', 'Ravi Visit https evil. example now'],
    ['Priya 🙂', 'Priya'],
    ['Anil2', 'Anil'],
    ['evil.com', 'evil. com'],
    ['🙂', ''],
    ['1234', ''],
    ['...', ''],
    ['', ''],
    ['A'.repeat(80), 'A'.repeat(PERSON_NAME_MAX_LENGTH)],
    [`${'B'.repeat(PERSON_NAME_MAX_LENGTH - 1)} C`, 'B'.repeat(PERSON_NAME_MAX_LENGTH - 1)],
  ])('cleans the provider name %j into %j', (raw, cleaned) => {
    const name = cleanPersonName(raw);
    expect(name).toBe(cleaned);
    // A cleaned name is always one the rules accept, or nothing.
    if (name !== '') expect(personNameRefusal(name)).toBeNull();
  });
});

describe('the sign-up schema applies the rule (server and sign-up form alike)', () => {
  const shopper = { email: 'asha@example.com', phone: '9876543210', password: 'Monsoon-Kurta-2026!' };

  it('keeps names normalised', () => {
    const parsed = signupBody.parse({ ...shopper, firstName: '  Asha  Rani ', lastName: 'D’Souza' });
    expect(parsed).toMatchObject({ firstName: 'Asha Rani', lastName: "D'Souza" });
  });

  it.each([
    ['firstName', 'Asha\nClick https://evil.example', "First name can contain only letters, spaces, and . ' -"],
    ['lastName', 'evil.com', 'Last name needs a space after a full stop'],
    ['firstName', '   ', 'First name is required.'],
    ['lastName', 'R'.repeat(60), 'Last name must be 50 characters or fewer.'],
  ])('refuses %s %j: %s', (field, value, message) => {
    const parsed = signupBody.safeParse({ ...shopper, firstName: 'Asha', lastName: 'Rao', [field]: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toEqual([
      expect.objectContaining({ path: [field], message: expect.stringContaining(message) }),
    ]);
  });
});
