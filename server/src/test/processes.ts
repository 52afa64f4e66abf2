import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { DatabaseConfig } from '../config.ts';

export const builtServer = path.resolve(import.meta.dirname, '../../dist/main.js');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

/** Starts the built server with `env` on `port` and waits until it answers. */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [builtServer], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return { url, child, exited };
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
