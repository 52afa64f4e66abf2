import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { linkTokenFor } from '../../test/messages.ts';
import { builtCli, databaseEnvFor, runCli } from '../../test/processes.ts';

const OPERATOR_PASSWORD = 'Cardamom-Ledger-Staff-2026';

/**
 * `npm run admin:create` as an operator runs it (the built command line, on the suite's own
 * database), against an account someone else signed up with first.
 */
describe.each(testDialects)('staff accounts made with admin:create on %s', (dialect) => {
  let shop: TestShop;
  let env: Record<string, string>;

  beforeAll(async () => {
    expect(fs.existsSync(builtCli), 'run `npm run build -w server` first: this test runs the built command').toBe(true);
    shop = await createTestShop(dialect);
    env = databaseEnvFor(shop.config);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const get = (url: string, token: string) => shop.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const signIn = (email: string, password: string) =>
    shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  /** Someone signs up first with the email the future staff member will use, and keeps a session. */
  let n = 0;
  const preClaimed = () =>
    signedInShopper(shop.app, { firstName: 'Neha', email: `neha.${Date.now()}.${++n}@kapas.example` });

  it('refuses to promote an account whose email was never verified, and changes nothing', async () => {
    const squatter = await preClaimed();
    const run = await runCli(['admin:create', '--email', squatter.email, '--password', OPERATOR_PASSWORD], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('was never verified');
    expect(run.stderr).toContain('--allow-unverified');
    const profile = await get('/api/auth/profile', squatter.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.role).toBe('customer');
    expect((await signIn(squatter.email, squatter.password)).statusCode).toBe(200);
    expect((await signIn(squatter.email, OPERATOR_PASSWORD)).statusCode).toBe(401);
  });

  it('promotes an account whose owner verified its email, without being told to', async () => {
    const owner = await preClaimed();
    const token = await linkTokenFor(shop.handle.db, owner.email, 'verify-email');
    const verified = await shop.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);
    const run = await runCli(['admin:create', '--email', owner.email, '--password', OPERATOR_PASSWORD], env);
    expect(run.code, run.stderr).toBe(0);
    expect((await signIn(owner.email, OPERATOR_PASSWORD)).json().data.user.role).toBe('admin');
  });

  it("with --allow-unverified, ends every session of a pre-claimed account it promotes, and sets the operator's password", async () => {
    const squatter = await preClaimed();
    expect((await get('/api/auth/profile', squatter.token)).statusCode).toBe(200);

    const run = await runCli(
      ['admin:create', '--email', squatter.email, '--password', OPERATOR_PASSWORD, '--allow-unverified'],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${squatter.email} is now staff`);

    // The session held before the promotion is over: no staff rights, and no shopper ones.
    expect((await get('/api/admin/orders', squatter.token)).statusCode).toBe(401);
    expect((await get('/api/auth/profile', squatter.token)).statusCode).toBe(401);
    // So is the password the squatter chose.
    expect((await signIn(squatter.email, squatter.password)).statusCode).toBe(401);

    const staff = await signIn(squatter.email, OPERATOR_PASSWORD);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data.user.role).toBe('admin');
    expect((await get('/api/admin/orders', staff.json().data.accessToken)).statusCode).toBe(200);
  });

  it('refuses to promote an existing account without --password, and changes nothing', async () => {
    const squatter = await preClaimed();
    const run = await runCli(['admin:create', '--email', squatter.email], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('already has an account');
    expect(run.stderr).toContain('--password');
    const profile = await get('/api/auth/profile', squatter.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.role).toBe('customer');
    expect((await get('/api/admin/orders', squatter.token)).statusCode).toBe(403);
  });

  it.each([
    ["the shop's name", 'Kapas@2026'],
    ['one character repeated', 'zzzzzzzzzzzz'],
    ['a common password', 'password123'],
    ['a breached password', 'MaxPayne'],
  ])('refuses a staff password that is %s, and changes nothing', async (_case, password) => {
    const squatter = await preClaimed();
    const run = await runCli(
      ['admin:create', '--email', squatter.email, '--password', password, '--allow-unverified'],
      env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^--password: Password cannot|^--password: This password is too common/m);
    expect((await get('/api/auth/profile', squatter.token)).json().data.role).toBe('customer');
  });

  it('refuses staff names that sign-up would refuse, and creates nothing', async () => {
    const email = `named.staff.${Date.now()}@kapas.example`;
    for (const [option, value, message] of [
      ['--first-name', 'Visit evil.example', '--first-name: First name needs a space after a full stop'],
      [
        '--last-name',
        'Rao\nhttps://evil.example',
        "--last-name: Last name can contain only letters, spaces, and . ' -",
      ],
    ]) {
      const run = await runCli(
        ['admin:create', '--email', email, '--password', OPERATOR_PASSWORD, option!, value!],
        env,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(message);
    }
    expect((await signIn(email, OPERATOR_PASSWORD)).statusCode).toBe(401);
    const named = await runCli(
      [
        'admin:create',
        '--email',
        email,
        '--password',
        OPERATOR_PASSWORD,
        '--first-name',
        ' मीरा ',
        '--last-name',
        'Iyer',
      ],
      env,
    );
    expect(named.code, named.stderr).toBe(0);
    expect((await signIn(email, OPERATOR_PASSWORD)).json().data.user).toMatchObject({
      firstName: 'मीरा',
      lastName: 'Iyer',
    });
  });

  it('creates a new staff account with the password given, after the same rules', async () => {
    const email = `new.staff.${Date.now()}@kapas.example`;
    const weak = await runCli(['admin:create', '--email', email, '--password', 'new.staff.2026'], env);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('--password: Password cannot be made of your name or email address.');

    const run = await runCli(['admin:create', '--email', email, '--password', OPERATOR_PASSWORD], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Created staff account ${email}`);
    const staff = await signIn(email, OPERATOR_PASSWORD);
    expect(staff.json().data.user).toMatchObject({ role: 'admin', emailVerified: true });
  });
});
