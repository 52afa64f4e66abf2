import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { serverProjects } from './server/vitest.config.ts';

// One `vitest run` covers every workspace; each has its config beside it (the server's gives
// two projects).
export default defineConfig({
  test: {
    projects: ['packages/core', 'packages/emails', 'web', ...serverProjects(path.join(import.meta.dirname, 'server'))],
    // Vitest's default leaves one core free: one worker on a two-core machine. The API suites
    // spend much of their time waiting for PostgreSQL and SQLite's disk, so a second worker
    // shortens the run by about a quarter even there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
