import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { prepareDatabase } from '../startup.ts';
import { markEmailVerified } from './accounts.ts';
import { createTestDatabase, relaxedShopSettings } from './databases.ts';

export const builtServer = path.resolve(import.meta.dirname, '../../dist/main.js');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  /** What the process has written so far, its log and errors. */
  output(): string;
}

/**
 * Starts the built server with `env` on `port` and waits until it answers: until it is ready,
 * or with `until: 'live'` until it answers at all (a shop that starts without being ready).
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  { until = 'ready' }: { until?: 'ready' | 'live' } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [builtServer], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health/${until}`)).ok) return { url, child, exited, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${port} did not become ready: ${stderr}`);
}

/** A JSON call to a running server: status and parsed body. */
export async function call(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
): Promise<{ status: number; body: any }> {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** What a process started by a test needs in its environment to open the test's database. */
export function databaseEnvFor(config: DatabaseConfig): Record<string, string> {
  if (config.dialect === 'sqlite') return { DATA_DIR: path.dirname(config.file) };
  const url = new URL(config.url);
  if (config.schema) url.searchParams.set('options', `-c search_path=${config.schema}`);
  return { DATABASE_URL: url.href };
}

export const builtCli = path.resolve(import.meta.dirname, '../../dist/cli.js');

/** Runs the built operator command line (`npm run admin:create -- …`) to its end. */
export async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [builtCli, ...args], {
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

let shopperCounter = 0;

/**
 * A shopper signed up and in on `server`, from an address (and network) of their own (the
 * processes trust X-Forwarded-For, as behind a load balancer), their email verified in `db` (the
 * processes' database) so they may order; their calls go to any process.
 */
export async function processShopper(server: ServerProcess, db: Kysely<Database>) {
  shopperCounter += 1;
  const from = { 'x-forwarded-for': `10.77.${shopperCounter % 250}.${(shopperCounter * 7) % 250}` };
  const email = `multi.${Date.now()}.${shopperCounter}@example.com`;
  const password = 'Monsoon-Kurta-2026!';
  const signup = await call(
    server.url,
    'POST',
    '/api/auth/signup',
    { firstName: 'Asha', lastName: 'Rao', email, phone: '9876543210', password },
    from,
  );
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  await markEmailVerified(db, signup.body.data._id);
  const login = await call(server.url, 'POST', '/api/auth/login', { email, password }, from);
  const auth = { authorization: `Bearer ${login.body.data.accessToken}` };
  return {
    server,
    email,
    password,
    from,
    call: (method: string, url: string, body?: unknown, target = server) =>
      call(target.url, method, url, body, { ...from, ...auth }),
  };
}

/**
 * A seeded PostgreSQL test schema and a built server process on it per port, sharing one
 * signing secret (so a token works on every process), shoppers trusted to come through a proxy on 127.0.0.1.
 */
export function processesOnPostgres(ports: number[], env: Record<string, string> = {}) {
  return processesOn('postgres', ports, env);
}

/** As processesOnPostgres, on either database (SQLite: one file the processes share). */
export async function processesOn(dialect: Dialect, ports: number[], env: Record<string, string> = {}) {
  if (!fs.existsSync(builtServer)) throw new Error('run `npm run build` first: this test starts the built server');
  const database = await createTestDatabase(dialect);
  await prepareDatabase(database.handle, { database: database.config, seed: true });
  // As in createTestShop: suites about other rules place many COD orders for one shopper.
  await relaxedShopSettings(database.handle.db);
  const jwtSecret = randomBytes(32).toString('base64url');
  const shared = {
    ...databaseEnvFor(database.config),
    JWT_SECRET: jwtSecret,
    SEED: 'false',
    // Shoppers arrive from many addresses through a proxy on this machine (the test itself),
    // whose address alone is trusted to name them, as deploy/compose.yaml does for nginx.
    TRUST_PROXY: '127.0.0.1',
    // Behind a proxy the demo features stay off unless asked for: these suites pay in the sandbox.
    DEMO_FEATURES: 'on',
    ...env,
  };
  // If one process fails to start, the others must not outlive the test holding their ports.
  const starts = await Promise.allSettled(ports.map((port) => startServerProcess(port, shared)));
  const servers = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) {
    await stopServers(servers);
    await database.drop();
    throw failed.reason;
  }
  return {
    database,
    servers,
    jwtSecret,
    async close() {
      await stopServers(servers);
      await database.drop();
    },
  };
}

async function stopServers(servers: ServerProcess[]) {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
}
