/**
 * ESLint rule `local/no-import-cycle`: no file reaches itself again through relative imports.
 *
 * Unlike `import-x/no-cycle`, every kind of import counts: `import type`, `export … from`,
 * `import()` and `declare module` augmentations. A cycle made of types only still ties two
 * layers together (the store once imported the features' state types while the features
 * imported the store), so it is refused like any other.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One entry per file: its mtime and the files it imports, with where each import is written. */
const cache = new Map();

function importsOf(file, text) {
  const dir = path.dirname(file);
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter((imported) => imported.fileName.startsWith('.'))
    .map((imported) => ({ target: path.resolve(dir, imported.fileName), pos: imported.pos, end: imported.end }))
    .filter((edge) => /\.[cm]?[jt]sx?$/.test(edge.target) && fs.existsSync(edge.target));
}

function edgesOf(file) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = cache.get(file);
  if (cached && cached.mtime === mtime) return cached.edges;
  const edges = importsOf(file, fs.readFileSync(file, 'utf8'));
  cache.set(file, { mtime, edges });
  return edges;
}

/** The shortest way from `start` back to `home`, as the files on it, or null. */
function pathBack(start, home) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const { target } of edgesOf(file)) {
      if (target === home) {
        const way = [file];
        for (let step = cameFrom.get(file); step; step = cameFrom.get(step)) way.unshift(step);
        return way;
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports and module augmentations included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    const { sourceCode } = context;
    return {
      'Program:exit'() {
        const root = path.dirname(file);
        const seen = new Set();
        for (const edge of importsOf(file, sourceCode.text)) {
          if (seen.has(edge.target) || edge.target === file) continue;
          seen.add(edge.target);
          const way = pathBack(edge.target, file);
          if (!way) continue;
          const cycle = [file, ...way, file]
            .map((step) => path.relative(root, step) || path.basename(step))
            .join(' → ');
          context.report({
            loc: { start: sourceCode.getLocFromIndex(edge.pos), end: sourceCode.getLocFromIndex(edge.end) },
            messageId: 'cycle',
            data: { cycle },
          });
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
