import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * A worker thread's entry built from `source`, TypeScript whose imports resolve from the
 * server's src folder, bundled into `dir` as the server's build does (Node runs no TypeScript
 * in a worker thread).
 */
export async function workerEntry(dir: string, name: string, source: string): Promise<URL> {
  const outfile = path.join(dir, `${name}.mjs`);
  await build({
    stdin: { contents: source, resolveDir: path.resolve(import.meta.dirname, '..'), loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return pathToFileURL(outfile);
}
