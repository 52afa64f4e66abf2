import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { suitesWithOwnModules } from './src/test/suites-with-own-modules.ts';

const shared = {
  // The process tests run dist/main.js: built first whenever the sources are newer.
  globalSetup: ['build-for-tests.mjs'],
  // API suites open real databases (SQLite files, PostgreSQL schemas); give them room.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // better-sqlite3 reads it once, as the first connection of a process opens: the shop sets it in
  // db/shared-memory.ts, and a suite that opens SQLite without that module may come first.
  env: { SQLITE_USE_URI: '1' },
};

/**
 * The server's two projects. Every suite builds its own app on its own database, so most share
 * one module graph per worker (`isolate: false`): with the app and its packages imported afresh
 * for each of a hundred files, the server's run took 570 s; sharing, 389 s. The suites that
 * replace a module for their file keep a graph of their own.
 */
export const serverProjects = (root: string): TestProjectInlineConfiguration[] => [
  {
    test: {
      ...shared,
      name: 'server',
      root,
      include: ['src/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...suitesWithOwnModules],
      isolate: false,
    },
  },
  { test: { ...shared, name: 'server (own modules)', root, include: suitesWithOwnModules } },
];

export default defineConfig({ test: { projects: serverProjects(import.meta.dirname) } });
