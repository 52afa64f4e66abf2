import { STORE_NAME } from './brand.ts';

/**
 * What a password may not be, beyond its length and the common-password list (checked on the
 * server): guessable from what an attacker already knows about the shop and the person.
 */
export type PasswordRefusal =
  'CONTROL_CHARACTERS' | 'INVISIBLE_CHARACTERS' | 'ONLY_SPACES' | 'ONE_CHARACTER' | 'STORE_NAME' | 'OWN_NAME';

/** Whose password it is: the names and email the account carries. */
export interface PasswordOwner {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
}

export const passwordRefusalMessages: Record<PasswordRefusal, string> = {
  CONTROL_CHARACTERS: 'Password cannot contain control characters (such as tabs, line breaks or NUL).',
  INVISIBLE_CHARACTERS: 'Password cannot contain invisible characters (such as zero-width spaces).',
  ONLY_SPACES: 'Password cannot be only spaces.',
  ONE_CHARACTER: 'Password cannot be one character repeated.',
  STORE_NAME: "Password cannot be made of the shop's name. Please choose one that is harder to guess.",
  OWN_NAME: 'Password cannot be made of your name or email address. Please choose one that is harder to guess.',
};

// Unicode's controls (Cc): C0 (NUL, tab, line breaks…), DEL and C1. Nobody types them, and
// they are invisible in every form.
const controlCharacter = /\p{Cc}/u;
// Characters that show nothing: Unicode's format characters (Cf: zero-width spaces and
// joiners, word joiner, direction marks, soft hyphen) and the letters and symbols drawn blank
// (Hangul fillers, braille blank). A password of them looks empty and is typed by nobody.
const invisibleCharacter = /[\p{Cf}\u115f\u1160\u3164\uffa0\u2800]/u;

/** The letters of a text, lower case, in order: "Ravi.Kumar_90" → "ravikumar". */
function lettersOf(text: string): string {
  return (text.match(/\p{L}/gu) ?? []).join('').toLowerCase();
}

/** "kapas", "kapaskapas": the word, once or repeated. */
function isMadeOf(letters: string, word: string): boolean {
  return (
    word !== '' &&
    letters !== '' &&
    letters.length % word.length === 0 &&
    word.repeat(letters.length / word.length) === letters
  );
}

/**
 * Why `password` is refused, or null when it passes these rules. A password "made of" a name
 * has that name (or a repeat of it) as its only letters, whatever digits, spaces or symbols
 * surround it: "kapas123", "@Ravi1990!", "ravi.kumar".
 */
export function passwordRefusal(
  password: string,
  owner: PasswordOwner = {},
  storeName: string = STORE_NAME,
): PasswordRefusal | null {
  if (controlCharacter.test(password)) return 'CONTROL_CHARACTERS';
  if (invisibleCharacter.test(password)) return 'INVISIBLE_CHARACTERS';
  if (password.trim() === '') return 'ONLY_SPACES';
  if (new Set(password.toLowerCase()).size === 1) return 'ONE_CHARACTER';
  const letters = lettersOf(password);
  if (isMadeOf(letters, lettersOf(storeName))) return 'STORE_NAME';
  const first = lettersOf(owner.firstName ?? '');
  const last = lettersOf(owner.lastName ?? '');
  const emailName = lettersOf((owner.email ?? '').split('@')[0] ?? '');
  const names = [first, last, first + last, last + first, emailName];
  return names.some((name) => isMadeOf(letters, name)) ? 'OWN_NAME' : null;
}
