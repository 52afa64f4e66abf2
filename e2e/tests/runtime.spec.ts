import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

// The journeys run on the Node.js of .node-version, and so do the server they run against
// (playwright.config.ts starts it with the runner's own Node) and the operator commands they run.
test('the journeys and their server run on the Node.js of .node-version', () => {
  const wanted = fs.readFileSync(path.resolve(import.meta.dirname, '../../.node-version'), 'utf8').trim();
  expect(process.version).toMatch(new RegExp(`^v${wanted.split('.')[0]}\\.`));
});
