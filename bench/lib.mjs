// Shared pieces of the benchmark scripts: start a server process, wait for it, load it.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';

export async function startProcess(script, env) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => {
    if (code) console.error(`${script} exited with ${code}`);
  });
  return child;
}

export async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Warms up, then loads `url` for `seconds` with `connections`; returns the figures that matter. */
export async function measure(url, { seconds = 10, connections = 50, warmupSeconds = 3 } = {}) {
  await autocannon({ url, connections, duration: warmupSeconds });
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A new schema on the PostgreSQL server at `postgresUrl` (null when it does not answer), and how to drop it. */
export async function postgresSchema(postgresUrl, prefix = 'bench') {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const schema = `${prefix}_${process.pid}_${Date.now()}`;
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}
