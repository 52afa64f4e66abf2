import fs from 'node:fs';
import path from 'node:path';

/**
 * The rules of the server's structure, read from the import statements of its source:
 * a module (a folder of src/modules) reaches another module only through that module's
 * services, never its `*.repository.ts` (plugins likewise), and modules depend on each
 * other one way only (no cycle, type-only imports included), and each table is written by
 * the one module that owns it (the module named for it). Tests are left out: they may set
 * data up through any repository.
 */

const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The relative imports of one file, resolved to absolute paths. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)].map((match) => path.resolve(path.dirname(file), match[1]!));
}

/** The module a path belongs to (its folder under modules/), or null outside them. */
function moduleOf(modulesDir: string, file: string): string | null {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name! : null;
}

export interface BoundaryReport {
  /** "modules/a/a.service.ts imports modules/b/b.repository.ts" */
  repositoryImports: string[];
  /** Each cycle as its modules in order, the first repeated at the end: "a → b → a". */
  cycles: string[];
  /** The tables more than one module writes, each with its writers in order: { products: ['a', 'b'] }. */
  sharedTables: Record<string, string[]>;
}

const writePattern = /\b(?:insertInto|updateTable|deleteFrom)\(\s*['"]([a-z_]+)/g;

/** Checks the source under `srcDir` (the server's src/). */
export function checkModuleBoundaries(srcDir: string): BoundaryReport {
  const modulesDir = path.join(srcDir, 'modules');
  const files = [...sourceFiles(modulesDir), ...sourceFiles(path.join(srcDir, 'plugins'))];
  const repositoryImports: string[] = [];
  const edges = new Map<string, Set<string>>();
  const shown = (file: string) => path.relative(srcDir, file).split(path.sep).join('/');

  const writers = new Map<string, Set<string>>();
  for (const file of files) {
    const from = moduleOf(modulesDir, file);
    for (const [, table] of fs.readFileSync(file, 'utf8').matchAll(writePattern)) {
      if (from !== null) writers.set(table!, (writers.get(table!) ?? new Set()).add(from));
    }
    for (const target of importsOf(file)) {
      const to = moduleOf(modulesDir, target);
      if (to === null || to === from) continue;
      if (/\.repository\.tsx?$/.test(target)) repositoryImports.push(`${shown(file)} imports ${shown(target)}`);
      if (from !== null) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const sharedTables = Object.fromEntries(
    [...writers]
      .filter(([, modules]) => modules.size > 1)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([table, modules]) => [table, [...modules].sort()]),
  );
  return { repositoryImports, cycles: cyclesOf(edges), sharedTables };
}

/** One cycle per strongly connected group of modules, found by a depth-first walk. */
function cyclesOf(edges: Map<string, Set<string>>): string[] {
  const cycles = new Map<string, string>();
  const done = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const cycle = trail.slice(at);
      // Named from its smallest module, so one cycle met from several sides is reported once.
      const start = cycle.indexOf([...cycle].sort()[0]!);
      const turned = [...cycle.slice(start), ...cycle.slice(0, start)];
      cycles.set(turned.join(' → '), [...turned, turned[0]].join(' → '));
      return;
    }
    if (done.has(node)) return;
    for (const next of [...(edges.get(node) ?? [])].sort()) walk(next, [...trail, node]);
    done.add(node);
  };
  for (const node of [...edges.keys()].sort()) walk(node, []);
  return [...cycles.values()];
}
