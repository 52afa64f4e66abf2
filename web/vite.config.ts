import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API (and the product images it serves) live on http://localhost:3000 in development;
// in production one Node process serves both this build and the API on the same origin.
const apiOrigin = 'http://localhost:3000';

/**
 * React Router's package names only its development build (remix-run/react-router#14102), whose
 * warnings then reach shoppers' consoles; the production build beside it differs only by those
 * warnings (and is 0.6 KB gzip lighter). Builds use it; the dev server and tests keep the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  ...(command === 'build' && { resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } }),
  // The server renderer bundles React: its production build, whatever NODE_ENV the server runs with.
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/images': { target: apiOrigin, changeOrigin: true },
      '/uploads': { target: apiOrigin, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/images': { target: apiOrigin, changeOrigin: true },
      '/uploads': { target: apiOrigin, changeOrigin: true },
    },
  },
  // The server renderer's bundle (dist-ssr, `vite build --ssr`) carries its dependencies, so the
  // API server loads one file whatever is installed beside it.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    ...(!isSsrBuild && {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What the first page runs (the modules the entry imports, and theirs) is one file,
              // beside Rolldown's small runtime: left to itself, Rolldown split what the pages share
              // with it into four more files, each compressed apart (about 1 KB gzip more). Those
              // modules only: a dependency no start-up code uses (reselect, used by RTK Query) stays
              // with the pages that use it. The start file must import no other file but the
              // runtime; `node bench/page-budgets.mjs` lists the home page's scripts.
              { name: 'start', tags: ['$initial'], includeDependenciesRecursively: false, priority: 1 },
              // The icons the pages draw (one module each) in one file, rather than one per
              // combination of pages that share them.
              { name: 'icons', test: /[\\/]src[\\/]components[\\/]icons[\\/]/ },
            ],
          },
        },
      },
    }),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
}));
