// `npm start`: builds what is missing or stale, then runs the server (embedded SQLite by default).
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { buildNeeded, root } from './build-state.mjs';
import { exitUnlessSupportedNode, serverEnv, serverNodeFlags } from './node-runtime.mjs';

// The server runs on this same Node: an older one is refused before anything is built.
exitUnlessSupportedNode();

const reason = buildNeeded();
if (reason) {
  console.log(`Building the shop (${reason})…`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  [...serverNodeFlags, '--enable-source-maps', path.join(root, 'server/dist/main.js')],
  {
    cwd: root,
    env: { ...serverEnv, ...process.env },
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
