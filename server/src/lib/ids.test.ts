import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('gives 16 URL-safe characters, never the same twice, across many draws of random bytes', () => {
    const ids = Array.from({ length: 5000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
