// Bundles the server (with the shared core) into dist/; npm packages stay external. The fonts
// tax documents embed (assets/fonts) are copied beside the bundle, to dist/fonts.
// With --watch (npm run dev), it stays running and bundles again whenever a source changes.
import { copyFile, cp, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, context } from 'esbuild';

/** `import text from './file.txt?raw'` bundles the file's text, as Vite does in the tests. */
const rawText = {
  name: 'raw-text',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.replace(/\?raw$/, '')),
      namespace: 'raw-text',
    }));
    b.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

/** main.ts loads server.ts only once it has checked the Node.js: the built entry imports the built file. */
const serverApart = {
  name: 'server-apart',
  setup(b) {
    b.onResolve({ filter: /^\.\/server\.js$/ }, (args) =>
      args.importer.endsWith(path.join('src', 'main.ts')) ? { path: './server.js', external: true } : undefined,
    );
  },
};

const options = {
  entryPoints: {
    main: 'src/main.ts',
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    'render-worker': 'src/render-worker.ts',
    'checkpoint-worker': 'src/checkpoint-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // @shop/core and @shop/emails are TypeScript source inside this repo: bundle them rather
  // than import them (their npm dependencies, React and react-email, stay external).
  alias: { '@shop/core': '../packages/core/src/index.ts', '@shop/emails': '../packages/emails/src/index.ts' },
  jsx: 'automatic',
  plugins: [rawText, serverApart],
  logLevel: 'warning',
};

await rm('dist/fonts', { recursive: true, force: true });
await cp('assets/fonts', 'dist/fonts', { recursive: true });
/**
 * Files the bundle reads at run time, beside it in dist/ (each module finds its file with
 * `new URL('./name', import.meta.url)`, in the sources and in the bundle alike).
 */
const runtimeFiles = ['src/modules/auth/common-passwords.txt.br'];
await mkdir('dist', { recursive: true });
for (const file of runtimeFiles) await copyFile(file, path.join('dist', path.basename(file)));

if (process.argv.includes('--watch')) await (await context({ ...options, logLevel: 'info' })).watch();
else await build(options);
