import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverSrc = path.resolve(import.meta.dirname, '..');
const fromServer = createRequire(path.join(serverSrc, 'main.ts'));

/**
 * npm packages stay outside the bundle, as in the server's build, but named by their full path:
 * the entry is written to a temporary folder, where no node_modules would be found.
 */
const packagesByPath: Plugin = {
  name: 'packages-by-path',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
      if (isBuiltin(specifier) || specifier.startsWith('@shop/')) return undefined;
      return { path: pathToFileURL(fromServer.resolve(specifier)).href, external: true };
    });
  },
};

/**
 * A worker thread's entry built from `source`, TypeScript whose imports resolve from the
 * server's src folder, bundled into `dir` as the server's build does (Node runs no TypeScript
 * in a worker thread).
 */
export async function workerEntry(dir: string, name: string, source: string): Promise<URL> {
  const outfile = path.join(dir, `${name}.mjs`);
  await build({
    stdin: { contents: source, resolveDir: serverSrc, loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    plugins: [packagesByPath],
    logLevel: 'warning',
  });
  return pathToFileURL(outfile);
}
