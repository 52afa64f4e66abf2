import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'emails',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
