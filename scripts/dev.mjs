// `npm run dev`: the API on :3000 and the Vite dev server on :5173, which proxies /api and
// /images to it. The API is bundled once, then bundled again by esbuild whenever a source of
// the server, core or the emails changes, and Node restarts it on each new bundle (forgetting
// what the process keeps in memory: attempt counts without Redis, the development Google
// provider's sessions). Ctrl+C stops all.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './build-state.mjs';
import { exitUnlessSupportedNode, serverEnv, serverNodeFlags } from './node-runtime.mjs';

exitUnlessSupportedNode();

const built = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const children = [
  spawn(process.execPath, ['build.mjs', '--watch'], { cwd: path.join(root, 'server'), stdio: 'inherit' }),
  spawn(
    process.execPath,
    [...serverNodeFlags, '--watch', '--enable-source-maps', path.join(root, 'server/dist/main.js')],
    {
      cwd: root,
      env: { ...serverEnv, ...process.env },
      stdio: 'inherit',
    },
  ),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
