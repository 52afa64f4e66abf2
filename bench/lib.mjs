// Shared pieces of the benchmark scripts: start a server process, wait for it, load it.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

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
