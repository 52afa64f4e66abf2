import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryViewers, type ViewerCounter } from './viewer-counter.ts';

describe('counting viewers in memory', () => {
  let at = 1_000_000;
  const now = () => at;
  let counter: ViewerCounter;
  afterEach(async () => {
    await counter.close();
  });

  it('counts each visitor once while they beat, and forgets them a window after their last beat', async () => {
    counter = createMemoryViewers({ windowMs: 120_000, now });
    expect(await counter.seen('p1', 'visitor-a')).toBe(1);
    expect(await counter.seen('p1', 'visitor-a')).toBe(1);
    expect(await counter.seen('p1', 'visitor-b')).toBe(2);
    // Another product's visitors are its own.
    expect(await counter.seen('p2', 'visitor-a')).toBe(1);

    at += 90_000;
    expect(await counter.seen('p1', 'visitor-a')).toBe(2); // b last beat 90 s ago: still there
    at += 30_000;
    expect(await counter.seen('p1', 'visitor-a')).toBe(1); // b 120 s ago: gone
    at += 119_999;
    expect(await counter.seen('p1', 'visitor-c')).toBe(2); // a beat 119.999 s ago: still there
  });

  it('keeps its memory bounded: past the limits the least recently seen go first', async () => {
    counter = createMemoryViewers({ now, maxProducts: 2, maxVisitors: 3 });
    for (const visitor of ['v1', 'v2', 'v3', 'v4']) await counter.seen('p1', visitor);
    expect(await counter.seen('p1', 'v4')).toBe(3);
    await counter.seen('p2', 'v1');
    await counter.seen('p1', 'v5'); // p1 is now the most recent product
    await counter.seen('p3', 'v1'); // p2 is forgotten, p1 kept
    expect(await counter.seen('p1', 'v5')).toBe(3);
    expect(await counter.seen('p2', 'v1')).toBe(1); // p2 starts again with its one visitor
  });
});
