import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The suites that replace a module (`vi.mock`) for their own file: each gets its own module graph.
 * Every other server suite builds its own app and database and keeps no state in modules, so they
 * share one module graph per worker: importing the app afresh for each of a hundred files had
 * cost about a fifth of the run.
 */
const suitesWithOwnModules = [
  'src/modules/auth/password-hashing.test.ts',
  'src/modules/auth/sign-in-limits.test.ts',
  'src/modules/invoices/invoices.routes.test.ts',
  'src/modules/orders/order-number.routes.test.ts',
  'src/modules/admin-catalog/image-store.test.ts',
  'src/security/access-matrix.test.ts',
];

const shared = {
  // The process tests run dist/main.js: built first whenever the sources are newer.
  globalSetup: ['build-for-tests.mjs'],
  // API suites open real databases (SQLite files, PostgreSQL schemas); give them room.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** The server's two projects, for the root config (which runs them beside the other workspaces). */
export const serverProjects = (root: string): TestProjectInlineConfiguration[] => [
  {
    test: {
      ...shared,
      name: 'server',
      root,
      include: ['src/**/*.test.ts'],
      exclude: suitesWithOwnModules,
      isolate: false,
    },
  },
  { test: { ...shared, name: 'server (own modules)', root, include: suitesWithOwnModules } },
];

export default defineConfig({ test: { projects: serverProjects(import.meta.dirname) } });
