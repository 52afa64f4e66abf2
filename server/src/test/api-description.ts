import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify';
import { createWholeShop } from '../security/fixtures.ts';
import type { TestShop } from './databases.ts';

/** The parts of an OpenAPI description these checks read. */
export interface Description {
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}

/**
 * The shop with every optional part mounted (the SPA's pages, Google and the development
 * sign-in, the mailbox), and the description it serves. The description does not
 * depend on the database: SQLite. `close` removes the SPA's folder too.
 */
export async function describedShop(): Promise<{ shop: TestShop; description: Description; close(): Promise<void> }> {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>shop</title>');
  const shop = await createWholeShop(webDist);
  const description = (await shop.app.inject('/api/docs/json')).json() as Description;
  return {
    shop,
    description,
    close: async () => {
      await shop.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/** Every operation of the description, named as a caller sees it (`GET /api/cart/details`). */
export function operationsOf(
  description: Description,
): { name: string; path: string; method: string; operation: Operation }[] {
  return Object.entries(description.paths).flatMap(([route, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${route}`,
      path: route,
      method: method.toUpperCase(),
      operation,
    })),
  );
}

/**
 * What the description leaves out, one line per operation: only the JSON API belongs in it;
 * each of its operations has an operationId, a summary, its security (`[]` when public) and at
 * least one refusal (4xx), unless it is one of `answersNoRefusal` (by operationId): a read that
 * takes no input and no token has none to answer.
 */
export function undescribedOperations(
  description: Description,
  { answersNoRefusal = [] }: { answersNoRefusal?: readonly string[] } = {},
): string[] {
  const problems: string[] = [];
  for (const { name, path: route, operation } of operationsOf(description)) {
    if (!route.startsWith('/api/')) {
      problems.push(`${name}: not part of the JSON API; hide it (schema: { hide: true })`);
      continue;
    }
    const missing = [
      !operation.operationId && 'operationId',
      !operation.summary && 'summary',
      !Array.isArray(operation.security) && 'security',
      !Object.keys(operation.responses ?? {}).some((status) => /^4\d\d$/.test(status)) &&
        !answersNoRefusal.includes(operation.operationId ?? '') &&
        'a documented 4xx',
    ].filter(Boolean);
    if (missing.length > 0) problems.push(`${name}: missing ${missing.join(', ')}`);
  }
  return problems;
}

/**
 * Operations whose described security is not how they answer: each is called without a token
 * (a guarded route answers 401 before it reads anything, so its parameters can be anything),
 * and each guarded one with a shopper's token, which only a staff route (one that documents a
 * 403) refuses with 403. `signIn` answers a shopper's token, again after one signs out.
 */
export async function securityMismatches(
  app: FastifyInstance,
  description: Description,
  signIn: () => Promise<{ authorization: string }>,
): Promise<string[]> {
  const problems: string[] = [];
  let shopper = await signIn();
  for (const { name, path: route, method, operation } of operationsOf(description)) {
    const url = route.replace(/\{[^}]+\}/g, 'x');
    const call = (headers: Record<string, string> = {}) =>
      app.inject({ method: method as HTTPMethods, url, headers, remoteAddress: '10.61.0.1' });
    const bearer = (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement);
    const anonymous = (await call()).statusCode;
    if (bearer !== (anonymous === 401)) {
      problems.push(
        `${name}: described as ${bearer ? 'needing' : 'not needing'} a token, answers ${anonymous} without`,
      );
    }
    if (!bearer) continue;
    let asShopper = (await call(shopper)).statusCode;
    if (asShopper === 401) {
      shopper = await signIn();
      asShopper = (await call(shopper)).statusCode;
    }
    const staffOnly = '403' in (operation.responses ?? {});
    if (staffOnly !== (asShopper === 403)) {
      problems.push(`${name}: described as ${staffOnly ? '' : 'not '}staff only, answers ${asShopper} to a shopper`);
    }
  }
  return problems;
}

/** Malformed requests every operation must refuse with a status its description names. */
const badInputs: { name: string; request: (url: string) => Omit<InjectOptions, 'method'> }[] = [
  {
    name: 'malformed JSON',
    request: (url) => ({ url, headers: { 'content-type': 'application/json' }, payload: '{"a":' }),
  },
  { name: 'a text body', request: (url) => ({ url, headers: { 'content-type': 'text/plain' }, payload: 'hello' }) },
  { name: 'an XML body', request: (url) => ({ url, headers: { 'content-type': 'application/xml' }, payload: '<a/>' }) },
  { name: 'an empty object', request: (url) => ({ url, payload: {} }) },
  { name: 'an array', request: (url) => ({ url, payload: [1, 2] }) },
  { name: 'nulls', request: (url) => ({ url, payload: { id: null, code: null, quantity: null, email: null } }) },
  {
    name: 'out-of-range query values',
    request: (url) => ({
      url: `${url}?page=999999999999999999999&limit=-1&sort=zz&minPrice=abc&q=${'a'.repeat(3000)}`,
    }),
  },
  { name: 'an odd path parameter', request: (url) => ({ url: url.replaceAll('{}', `%F0%9F%98%80${'z'.repeat(50)}`) }) },
  { name: 'a number for a path parameter', request: (url) => ({ url: url.replaceAll('{}', '123') }) },
];

/**
 * Malformed requests answered with a status the operation's description does not name (a 500
 * above all), one line each: every operation is sent each of `badInputs` by each caller
 * (anonymous, a shopper, staff), each from an address of its own so no limit couples them.
 * Signing out is left out: it would end the session the other calls use.
 */
export async function undocumentedAnswers(
  app: FastifyInstance,
  description: Description,
  callers: Record<string, Record<string, string>>,
): Promise<string[]> {
  const problems: string[] = [];
  let address = 0;
  for (const { name, path: route, method, operation } of operationsOf(description)) {
    if (operation.operationId === 'signOut') continue;
    const documented = Object.keys(operation.responses ?? {});
    for (const [caller, auth] of Object.entries(callers)) {
      for (const bad of badInputs) {
        // Path parameters are `{}` in the template: a variant may fill them, else they are `x`.
        const request = bad.request(route.replace(/\{[^}]+\}/g, '{}'));
        address += 1;
        const response = await app.inject({
          method: method as HTTPMethods,
          ...request,
          url: String(request.url).replaceAll('{}', 'x'),
          headers: { ...request.headers, ...auth },
          remoteAddress: `10.63.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
        });
        if (response.statusCode >= 400 && !documented.includes(String(response.statusCode))) {
          problems.push(`${name} (${caller}, ${bad.name}): ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
  }
  return problems;
}

const redoclyCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin',
  'cli.js',
);

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/**
 * Redocly's recommended rules on the description, run by the CLI installed with the server's
 * dev dependencies (no telemetry, no update check): every problem it reports.
 */
export async function redoclyProblems(description: Description): Promise<LintProblem[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(description));
    const args = [redoclyCli, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    // Problems found make it exit with 1; its report on stdout is what counts.
    const stdout = await promisify(execFile)(process.execPath, args, { cwd: dir, env, maxBuffer: 16 << 20 }).then(
      (result) => result.stdout,
      (error: { stdout?: string }) => {
        if (!error.stdout) throw error;
        return error.stdout;
      },
    );
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
