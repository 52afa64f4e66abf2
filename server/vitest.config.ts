import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The process tests run dist/main.js: built first whenever the sources are newer.
    globalSetup: ['build-for-tests.mjs'],
    // API suites open real databases (SQLite files, PostgreSQL schemas); give them room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
