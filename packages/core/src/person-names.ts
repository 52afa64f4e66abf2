/**
 * A person's first or last name, as shoppers write theirs: in any script (Devanagari, Tamil,
 * Bengali, Latin…), so "letters" are Unicode's letters and combining marks (a Devanagari
 * vowel sign is a mark), with spaces between words and the punctuation names use: . ' -
 * ("A.P.J.", "D'Souza", "Sen-Gupta"). Nothing else: no digits, no line breaks, no @, / or :,
 * so a name cannot carry a message or a web address into what the shop sends.
 */
export const PERSON_NAME_MAX_LENGTH = 50;

export type PersonNameRefusal = 'REQUIRED' | 'TOO_LONG' | 'CHARACTERS' | 'FULL_STOP' | 'NO_LETTER';

/** The refusal's message, for the field `label` ("First name", "Last name"). */
export function personNameMessage(label: string, refusal: PersonNameRefusal): string {
  switch (refusal) {
    case 'REQUIRED':
      return `${label} is required.`;
    case 'TOO_LONG':
      return `${label} must be ${PERSON_NAME_MAX_LENGTH} characters or fewer.`;
    case 'CHARACTERS':
      return `${label} can contain only letters, spaces, and . ' -`;
    case 'FULL_STOP':
      return `${label} needs a space after a full stop, except between initials (A.P.J. Kalam).`;
    case 'NO_LETTER':
      return `${label} must contain a letter.`;
  }
}

// Apostrophes phones type for ' (iOS and Android "smart punctuation"), and the letter one.
const apostrophes = /[\u2018\u2019\u02bc\u02b9\u0060\u00b4]/gu;
// Hyphens other than the keyboard's.
const hyphens = /[\u2010\u2011\u2012\u2013\u00ad]/gu;
// Letters (with their marks), spaces, and . ' -; anything else refuses the name.
const nameCharacters = /^[\p{L}\p{M} .'-]*$/u;
const letter = /\p{L}/u;
/**
 * A full stop followed at once by two letters (a word, not an initial): "evil.com", "x.co".
 * Initials ("A.P.J.") and an initial's stop before a space ("M. S. Dhoni") pass; "A.Kumar"
 * is asked for a space, as a web address would be refused.
 */
const stopBeforeWord = /\.\p{L}\p{M}*\p{L}/u;

/**
 * The name as it is kept: composed (NFC), the phone's curly apostrophes and dashes made plain,
 * surrounding spaces trimmed and runs of spaces made one. Nothing else changes, so what is
 * refused stays refused.
 */
export function normalizePersonName(raw: string): string {
  return raw.normalize('NFC').replace(apostrophes, "'").replace(hyphens, '-').replace(/ {2,}/g, ' ').trim();
}

/** Why the (normalised) name is refused, or null when it is a name. */
export function personNameRefusal(name: string): PersonNameRefusal | null {
  if (name === '') return 'REQUIRED';
  if ([...name].length > PERSON_NAME_MAX_LENGTH) return 'TOO_LONG';
  if (!nameCharacters.test(name)) return 'CHARACTERS';
  if (!letter.test(name)) return 'NO_LETTER';
  if (stopBeforeWord.test(name)) return 'FULL_STOP';
  return null;
}

/**
 * A name from elsewhere (an identity provider's profile) made into one the rules accept,
 * rather than refused: what is not a name character becomes a space, a full stop before a
 * word gets its space, and it is cut to length. '' when nothing of a name is left.
 */
export function cleanPersonName(raw: string): string {
  const cleaned = normalizePersonName(
    normalizePersonName(raw)
      .replace(/[^\p{L}\p{M} .'-]/gu, ' ')
      .replace(/\.(?=\p{L}\p{M}*\p{L})/gu, '. '),
  );
  const cut = normalizePersonName([...cleaned].slice(0, PERSON_NAME_MAX_LENGTH).join(''));
  return personNameRefusal(cut) === null ? cut : '';
}
