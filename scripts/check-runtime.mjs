// `npm install`'s last step (the root package's postinstall): the Node that npm scripts run on
// must be the supported one, and each native module must load and work in it. A module that
// does not (built for another Node, or no prebuilt binary for this machine) is built again from
// its sources against this Node's own headers where it can be; otherwise the install fails here
// with a message that names the module and the Node, instead of the shop crashing later.
//
// Each check runs in a child process: a binary built for another Node can end it with a
// segmentation fault, which only the parent survives to report.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { unsupportedNodeMessage } from './node-runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'server');
const fromServer = createRequire(path.join(serverDir, 'package.json'));

/** The native modules the server loads, each with a little work that proves it runs in this Node. */
const nativeModules = [
  {
    name: 'better-sqlite3',
    probe: `const Database = require('better-sqlite3'); const db = new Database(':memory:');
      if (db.prepare('select 1 + 1 as two').get().two !== 2) process.exit(1); db.close();`,
    // It ships N-API binaries for the common platforms and its C++ sources for the others.
    buildable: true,
  },
  {
    name: 'sharp',
    probe: `require('sharp')({ create: { width: 2, height: 2, channels: 3, background: '#ffffff' } })
      .webp().toBuffer().catch((error) => { console.error(error.message); process.exit(1); });`,
    buildable: false,
  },
  {
    name: '@node-rs/argon2',
    probe: `require('@node-rs/argon2').hashSync('probe', { memoryCost: 1024, timeCost: 1 });`,
    buildable: false,
  },
];

/** Null when `probe` runs to its end in this Node, else why not (its last words, or the signal that ended it). */
function tryLoad(probe) {
  const result = spawnSync(process.execPath, ['-e', probe], { cwd: serverDir, encoding: 'utf8', timeout: 60_000 });
  if (result.status === 0) return null;
  if (result.signal) return `the process was ended by ${result.signal}`;
  const lines = `${result.stderr}`.trim().split('\n').filter(Boolean);
  // The thrown error's own line (`Error: Could not load …`), not the source line Node prints above it.
  const reason = lines.find((line) => /^\s*\w*Error\b.*:/.test(line)) ?? lines.at(-1) ?? `exit code ${result.status}`;
  return reason.trim();
}

/**
 * The folder holding this Node's C headers (`include/node`), when they are of this very version:
 * the node-linux-* packages ship them beside `bin/node`, as do Node's own release archives. Null
 * when there are none; node-gyp then fetches them for this version, which needs the internet.
 */
function headersOfThisNode() {
  const dir = path.resolve(path.dirname(process.execPath), '..');
  const header = path.join(dir, 'include/node/node_version.h');
  if (!fs.existsSync(header)) return null;
  const text = fs.readFileSync(header, 'utf8');
  const part = (name) => text.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`))?.[1];
  const version = `${part('MAJOR')}.${part('MINOR')}.${part('PATCH')}`;
  return version === process.versions.node ? dir : null;
}

/** node-gyp as npm ships it (npm names it to the scripts it runs), or null. */
function nodeGyp() {
  const candidates = [
    process.env.npm_config_node_gyp,
    process.env.npm_execpath &&
      path.resolve(path.dirname(process.env.npm_execpath), '../node_modules/node-gyp/bin/node-gyp.js'),
  ];
  return candidates.find((file) => file && fs.existsSync(file)) ?? null;
}

/** Builds `name` from its sources for this Node; true when the build succeeded. */
function buildFromSource(name) {
  const gyp = nodeGyp();
  if (!gyp) {
    console.error(`check-runtime: node-gyp was not found (run this through npm) to build ${name}.`);
    return false;
  }
  const moduleDir = path.dirname(fromServer.resolve(`${name}/package.json`));
  const headers = headersOfThisNode();
  const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };
  // A machine-wide `nodedir` (npm's config, seen by node-gyp through the environment) names
  // another Node's headers: this Node's own are the ones to build against.
  delete env.npm_config_nodedir;
  delete env.NPM_CONFIG_NODEDIR;
  console.log(
    `check-runtime: building ${name} from source for Node.js ${process.version} (${headers ? `headers in ${headers}` : 'headers fetched by node-gyp'})…`,
  );
  const args = [gyp, 'rebuild', '--release', '--force_build=1', ...(headers ? [`--nodedir=${headers}`] : [])];
  const result = spawnSync(process.execPath, args, { cwd: moduleDir, env, stdio: 'inherit' });
  return result.status === 0;
}

function versionOf(name) {
  try {
    return JSON.parse(fs.readFileSync(fromServer.resolve(`${name}/package.json`), 'utf8')).version;
  } catch {
    return '(not installed)';
  }
}

const tooOld = unsupportedNodeMessage();
if (tooOld) {
  console.error(`\n${tooOld}\n`);
  process.exit(1);
}

const failures = [];
for (const module of nativeModules) {
  let problem = tryLoad(module.probe);
  if (problem && module.buildable) {
    console.log(`check-runtime: ${module.name} does not run on Node.js ${process.version}: ${problem}`);
    problem = buildFromSource(module.name) ? tryLoad(module.probe) : 'building it from source failed (see above)';
  }
  if (problem) failures.push(`${module.name} ${versionOf(module.name)}: ${problem}`);
}

if (failures.length > 0) {
  console.error(
    [
      '',
      `These native modules do not run on Node.js ${process.version} (${process.platform}-${process.arch}, ${process.execPath}):`,
      ...failures.map((failure) => `  - ${failure}`),
      'better-sqlite3 is built from source when it has no binary for this Node (python3, make and a C++ compiler are',
      'needed); sharp and @node-rs/argon2 install a prebuilt binary for each platform and have no other way.',
      'Run `npm install` again once the cause is fixed, or see "Requirements" in README.md.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(
  `check-runtime: Node.js ${process.version}; ${nativeModules.map((m) => `${m.name} ${versionOf(m.name)}`).join(', ')} load and work.`,
);
