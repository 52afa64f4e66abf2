import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API (and the product images it serves) live on http://localhost:3000 in development;
// in production one Node process serves both this build and the API on the same origin.
const apiOrigin = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
