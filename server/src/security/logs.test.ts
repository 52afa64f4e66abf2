import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTokenService } from '../modules/auth/tokens.ts';
import { prepareDatabase } from '../startup.ts';
import { createTestDatabase } from '../test/databases.ts';

describe('logs', () => {
  it('never contain passwords, tokens or the signing secret, even on errors', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const secret = 'the-signing-secret-that-must-never-be-logged-0123';
    const database = await createTestDatabase('sqlite');
    await prepareDatabase(database.handle, { database: database.config, seed: true });
    const app = await buildApp({
      database: database.handle,
      tokens: createTokenService(new TextEncoder().encode(secret), 3600),
      logger: { level: 'trace', stream },
    });
    try {
      const password = 'Unlikely-Passphrase-4711!';
      const email = 'logs@example.com';
      const body = { firstName: 'L', lastName: 'G', email, phone: '9876543210', password };
      expect((await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body })).statusCode).toBe(201);
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      const token = login.json().data.accessToken as string;
      await app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `${password}-wrong` } });
      await app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${token}x` } });

      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(5);
      for (const secretText of [password, token, token.split('.')[2]!, secret]) expect(log).not.toContain(secretText);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
