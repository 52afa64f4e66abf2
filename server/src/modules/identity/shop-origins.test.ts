import { describe, expect, it } from 'vitest';
import { shopOrigins } from './shop-origins.ts';

describe('shopOrigins', () => {
  it.each<[string, string, string[], string[]]>([
    [
      'a loopback public URL: the same port under every loopback name',
      'http://localhost:3000',
      [],
      ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
    ],
    [
      'opened at 127.0.0.1: localhost too',
      'http://127.0.0.1:3203/',
      [],
      ['http://127.0.0.1:3203', 'http://localhost:3203', 'http://[::1]:3203'],
    ],
    ['a public host: itself only', 'https://kapas.in', [], ['https://kapas.in']],
    [
      'the CORS allow-list joins, each once',
      'https://kapas.in',
      ['https://www.kapas.in', 'https://kapas.in/'],
      ['https://kapas.in', 'https://www.kapas.in'],
    ],
  ])('%s', (_case, publicUrl, cors, expected) => {
    const origins = shopOrigins(publicUrl, cors);
    expect(origins).toEqual(expected);
    // Invariant: the public URL's own origin comes first (the default return).
    expect(origins[0]).toBe(new URL(publicUrl).origin);
  });
});
