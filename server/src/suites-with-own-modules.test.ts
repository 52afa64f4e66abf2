import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { suitesWithOwnModules } from './test/suites-with-own-modules.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

/** Every suite of the server whose text replaces a module, as paths from the server's folder. */
function suitesReplacingModules(): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.test.ts') && /\bvi\.(do)?mock\(/.test(fs.readFileSync(file, 'utf8')))
        found.push(path.relative(serverDir, file));
    }
  };
  visit(path.join(serverDir, 'src'));
  return found.sort();
}

describe('the suites that replace a module', () => {
  it('are exactly those run with a module graph of their own', () => {
    expect(suitesReplacingModules()).toEqual([...suitesWithOwnModules].sort());
  });
});
