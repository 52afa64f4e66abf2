import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // API suites open real databases (SQLite files, PostgreSQL schemas); give them room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
