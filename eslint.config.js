import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './scripts/eslint-no-import-cycle.js';

/** The storefront's features: each folder of web/src/features. */
const features = fs
  .readdirSync('web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The staff area's parts: each folder of web/src/features/admin but `shared`, which is the
 * layer below them all (as lib and components are below the storefront's features).
 */
const staffParts = fs
  .readdirSync('web/src/features/admin', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
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
    // react-toastify is fetched with the first toast (lib/toasts.tsx); importing it anywhere
    // else puts it back in the first download and bypasses the container that mounts late.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/toasts.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-toastify', message: 'Import toast from lib/toasts.tsx instead.' }] },
      ],
    },
  },
  {
    // The journeys' `test` waits for the app after each page load (tests/fixtures.ts): a click on
    // server-rendered HTML before React takes it over would be lost.
    files: ['e2e/tests/**/*.ts'],
    ignores: ['e2e/tests/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures.ts', whose pages wait for the app.",
            },
          ],
        },
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
    // The server's modules talk through each other's services, never another module's
    // repository (server/src/test/module-boundaries.ts checks this too, with cycles and the
    // tables each module owns). Tests may set data up through any repository.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository.ts', '**/modules/*/*.repository.ts'],
              message: "Use the other module's service: its repository is its own.",
            },
          ],
        },
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
  {
    // The storefront's layers (docs/decisions.md): lib and components → features → app. lib and
    // components import no feature and not the app; features do not import the app, and use
    // another feature only through its public entry (`features/cart/index.ts`), never its
    // internals. The app composes the features and may import any of their files.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local },
    rules: {
      'local/no-import-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['lib', 'components'].map((layer) => ({
              target: `./web/src/${layer}`,
              from: ['./web/src/features', './web/src/app'],
              message: `${layer} is below the features and the app: move what both need into ${layer}.`,
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'Features do not import the app: move what they need into lib or components.',
            },
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`, ...features.map((other) => `./${other}/index.ts`)],
              message: 'Use another feature only through its public entry (its index.ts).',
            })),
            // The staff area (features/admin) is code a shopper's browser never loads: no
            // storefront feature imports it, and the app reaches it only through its door.
            ...features
              .filter((feature) => feature !== 'admin')
              .map((feature) => ({
                target: `./web/src/features/${feature}`,
                from: './web/src/features/admin',
                message: 'The storefront imports no staff code: move what both need into lib or components.',
              })),
            {
              target: './web/src/app',
              from: './web/src/features/admin',
              except: ['./index.ts'],
              message: 'The app reaches the staff area only through its door, features/admin/index.ts.',
            },
            // Inside it, each part (products, orders, coupons…) uses another only through its
            // index.ts, and everything shares admin/shared, which imports no part.
            ...staffParts.map((part) => ({
              target: `./web/src/features/admin/${part}`,
              from: './web/src/features/admin',
              except: [
                `./${part}`,
                './shared',
                './test-fixtures.ts',
                ...staffParts.map((other) => `./${other}/index.ts`),
              ],
              message:
                'Use another staff part only through its public entry (its index.ts); move what several share into admin/shared.',
            })),
            {
              target: './web/src/features/admin/shared',
              from: './web/src/features/admin',
              except: ['./shared', './test-fixtures.ts'],
              message: 'admin/shared is below the staff parts: move what it needs into admin/shared.',
            },
          ],
        },
      ],
    },
  },
);
