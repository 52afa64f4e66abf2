// Vitest's global setup for the server's tests: the tests that start real server processes
// run dist/main.js, so it is bundled here (esbuild, a second or two), once before any test
// file runs, whenever it is missing or older than its sources. `npm run test:unit` and a
// single `npx vitest run <file>` so need no build beforehand.
import { spawnSync } from 'node:child_process';
import { serverBuildNeeded } from '../scripts/build-state.mjs';

export default function buildServerForTests() {
  if (!serverBuildNeeded()) return;
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: import.meta.dirname, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Bundling the server for the process tests failed.');
}
