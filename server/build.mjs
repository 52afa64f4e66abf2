// Bundles the server (with the shared core) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // @shop/core is TypeScript source inside this repo: bundle it rather than import it.
  alias: { '@shop/core': '../packages/core/src/index.ts' },
  logLevel: 'warning',
});
