import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each project has its own config beside it.
export default defineConfig({
  test: {
    projects: ['packages/core', 'packages/emails', 'server', 'web'],
  },
});
