import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // react-toastify is fetched with the first toast (app/toasts.tsx); importing it anywhere
    // else puts it back in the first download and bypasses the container that mounts late.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/app/toasts.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-toastify', message: 'Import toast from app/toasts.tsx instead.' }] },
      ],
    },
  },
  {
    // Dependencies point one way: web → core ← server. Core does no I/O and imports neither.
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@shop/server', '@shop/web', '@shop/emails', 'node:*', 'fastify', 'kysely', 'react'] },
      ],
    },
  },
  {
    // The messages' templates: core's rules and React, rendered by the server; never the server's
    // or the storefront's code (the brand they share lives in core).
    files: ['packages/emails/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@shop/server',
            '@shop/web',
            '**/server/**',
            '**/web/**',
            'fastify',
            'kysely',
            'pg',
            'better-sqlite3',
          ],
        },
      ],
    },
  },
);
