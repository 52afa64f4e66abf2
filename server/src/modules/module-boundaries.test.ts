import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkModuleBoundaries } from '../test/module-boundaries.ts';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('module boundaries', () => {
  it('no module or plugin imports another module’s repository', () => {
    expect(checkModuleBoundaries(srcDir).repositoryImports).toEqual([]);
  });

  it('modules depend on each other one way only', () => {
    expect(checkModuleBoundaries(srcDir).cycles).toEqual([]);
  });

  it('each table is written by the module that owns it; stock alone also by the orders that take it', () => {
    expect(checkModuleBoundaries(srcDir).sharedTables).toEqual({ product_variants: ['admin-catalog', 'orders'] });
  });
});

describe('the boundary check itself', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write(
    'modules/a/a.service.ts',
    "import { b } from '../b/b.service.ts';\nimport type { R } from '../b/b.repository.ts';",
  );
  write('modules/b/b.service.ts', "import { c } from '../c/c.service.ts';\nimport * as repo from './b.repository.ts';");
  write('modules/b/b.repository.ts', "export const r = 1;\ndb.deleteFrom('bs');\ndb.selectFrom('as');");
  write('modules/c/c.service.ts', "import type { A } from '../a/a.service.ts';");
  write('modules/c/c.test.ts', "import { r } from '../b/b.repository.ts';\ndb.insertInto('bs');");
  write('modules/a/a.repository.ts', "db.insertInto('as');\ndb.updateTable('bs');");
  write('modules/d/d.service.ts', "import { b } from '../b/b.service.ts';");
  write('plugins/p.ts', "import { r } from '../modules/b/b.repository.ts';");

  it('finds a repository imported from another module or a plugin, tests aside', () => {
    expect(checkModuleBoundaries(root).repositoryImports.sort()).toEqual([
      'modules/a/a.service.ts imports modules/b/b.repository.ts',
      'plugins/p.ts imports modules/b/b.repository.ts',
    ]);
  });

  it('finds a table written by two modules, tests and reads aside', () => {
    expect(checkModuleBoundaries(root).sharedTables).toEqual({ bs: ['a', 'b'] });
  });

  it('finds a cycle of modules, type-only imports included, once', () => {
    expect(checkModuleBoundaries(root).cycles).toEqual(['a → b → c → a']);
  });
});
