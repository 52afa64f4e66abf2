import fs from 'node:fs';

/**
 * The shop's own data (the database, its signing secret) is for the shop's user alone:
 * folders 0700, files 0600, whatever the umask, and tightened on every start for data an
 * older version left readable by every local user. A mode already right is left alone, so a
 * file or folder that cannot be changed (immutable, on a read-only file system) but is
 * private already does not stop the shop from starting.
 */
function makeMode(file: string, mode: number): void {
  if ((fs.statSync(file).mode & 0o777) !== mode) fs.chmodSync(file, mode);
}

export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  makeMode(dir, 0o700);
}

/** Creates `file` empty if it is missing; either way leaves it readable by its owner only. */
export function ensurePrivateFile(file: string): void {
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
  makeMode(file, 0o600);
}

/** Tightens the files that exist among `files` (a database's -wal and -shm, say). */
export function tightenExisting(files: string[]): void {
  for (const file of files) if (fs.existsSync(file)) makeMode(file, 0o600);
}
