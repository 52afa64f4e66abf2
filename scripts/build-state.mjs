// Knows whether the production build is missing or older than the sources it is made from.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const serverSources = [
  'packages/core/src',
  'packages/emails/src',
  'server/src',
  'server/assets',
  'server/build.mjs',
  'scripts/node-runtime.mjs',
];
const serverOutputs = [
  'server/dist/main.js',
  'server/dist/server.js',
  'server/dist/cli.js',
  'server/dist/render-worker.js',
  // Read at run time beside the bundle (server/build.mjs copies it).
  'server/dist/common-passwords.txt.br',
];
const sources = [...serverSources, 'web/src', 'web/index.html', 'web/public', 'web/vite.config.ts'];
const outputs = ['web/dist/index.html', ...serverOutputs];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why `outputs` must be built again from `sources`, or null when they are newer than every source. */
function staleness(sources, outputs) {
  const missing = outputs.filter((o) => !fs.existsSync(path.join(root, o)));
  if (missing.length) return `missing ${missing.join(', ')}`;
  const oldestOutput = Math.min(...outputs.map(newestMtime));
  const newestSource = Math.max(...sources.map(newestMtime));
  return newestSource > oldestOutput ? 'sources changed since the last build' : null;
}

/** Why a build is needed, or null when the build is present and newer than every source. */
export function buildNeeded() {
  return staleness(sources, outputs);
}

/** The same for the server's bundle alone (what the process tests run). */
export function serverBuildNeeded() {
  return staleness(serverSources, serverOutputs);
}

export { root };
