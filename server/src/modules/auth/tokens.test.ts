import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same claims however often a token is checked, until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
    const tokens = createTokenService(randomBytes(32), 60);
    const token = await tokens.sign({ userId: 'u1', tokenVersion: 3 });
    for (let i = 0; i < 3; i++) expect(await tokens.verify(token)).toEqual({ userId: 'u1', tokenVersion: 3 });
    vi.setSystemTime(new Date('2026-11-24T10:00:59.999Z'));
    expect(await tokens.verify(token)).toEqual({ userId: 'u1', tokenVersion: 3 });
    vi.setSystemTime(new Date('2026-11-24T10:01:00.000Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret, or altered, even after the genuine one was checked', async () => {
    const tokens = createTokenService(randomBytes(32), 60);
    const genuine = await tokens.sign({ userId: 'u1', tokenVersion: 1 });
    expect(await tokens.verify(genuine)).not.toBeNull();
    const forged = await createTokenService(randomBytes(32), 60).sign({ userId: 'u1', tokenVersion: 1 });
    expect(await tokens.verify(forged)).toBeNull();
    const [header, payload, signature] = genuine.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await tokens.verify(genuine)).not.toBeNull();
  });
});
