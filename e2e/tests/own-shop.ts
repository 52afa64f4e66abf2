import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { root, shopDataDir, shopServerEnv } from '../shop-server.ts';

/**
 * A shop server of one journey's own, for a journey that changes a shop-wide setting (every
 * cart's totals follow it): the journeys beside it keep the shared shop as they expect it.
 * Its port is the shared one's plus 1000. While it runs, the operator's commands and the
 * verified-email shortcut (E2E_DATA_DIR) work on its database.
 */
export function ownShop() {
  const port = Number(process.env.E2E_PORT ?? 3199) + 1000;
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = shopDataDir(port);
  let server: ChildProcess | null = null;
  let sharedDataDir: string | undefined;

  async function start() {
    fs.rmSync(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['server/dist/main.js'], {
      cwd: root,
      env: { ...process.env, ...shopServerEnv(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let stopped: number | null | undefined;
    server.once('exit', (code) => (stopped = code));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (stopped !== undefined) throw new Error(`The journey's own shop stopped (${stopped}) on port ${port}`);
      try {
        if ((await fetch(`${baseURL}/api/product?limit=1`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`The journey's own shop did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    sharedDataDir = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = dataDir;
  }

  async function stop() {
    process.env.E2E_DATA_DIR = sharedDataDir;
    if (server && server.exitCode === null) {
      const gone = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await gone;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { baseURL, start, stop };
}
