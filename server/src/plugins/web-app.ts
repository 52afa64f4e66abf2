import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseEncoding, type Encoding } from '../lib/content-encoding.ts';

const ONE_YEAR = 'public, max-age=31536000, immutable';

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the SPA's shell (index.html), from memory. */
    sendAppShell(): FastifyReply;
  }
}

/** One stored form of index.html: the bytes and the validators @fastify/static would send. */
interface ShellCopy {
  body: Buffer;
  etag: string;
  lastModified: string;
}

function readCopy(file: string): ShellCopy | null {
  if (!fs.existsSync(file)) return null;
  const body = fs.readFileSync(file);
  const { mtime } = fs.statSync(file);
  // The same weak ETag as @fastify/send's: size and modification time, in hex.
  return {
    body,
    etag: `W/"${body.length.toString(16)}-${mtime.getTime().toString(16)}"`,
    lastModified: mtime.toUTCString(),
  };
}

function isFresh(request: FastifyRequest, copy: ShellCopy): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch) return noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === copy.etag.slice(2));
  const since = request.headers['if-modified-since'];
  return since !== undefined && Date.parse(since) >= Date.parse(copy.lastModified);
}

/**
 * Serves the built SPA. Vite names every asset by its content hash, so assets are cached
 * for a year; index.html is revalidated each time so a deploy is seen at once.
 *
 * index.html (and its precompressed copies) is read once, at start, and served from memory,
 * at `/`, `/index.html` and every client-side route (the not-found handler's fallback):
 * @fastify/static reads files through libuv's thread pool, which password hashing shares,
 * and the page every visit starts with must not wait behind a flood of sign-ins.
 */
/**
 * The shell that tells search engines not to list the page: made in memory (and compressed
 * there) from index.html, for the pages the browser renders alone (sign-in, cart, staff area…)
 * while the public pages are rendered on the server.
 */
function noIndexCopies(plain: ShellCopy): { plain: ShellCopy; compressed: Record<Encoding, ShellCopy> } {
  const body = Buffer.from(
    plain.body.toString('utf8').replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>'),
  );
  const copy = (bytes: Buffer, tag: string): ShellCopy => ({
    body: bytes,
    etag: `${plain.etag.slice(0, -1)}-${tag}"`,
    lastModified: plain.lastModified,
  });
  return {
    plain: copy(body, 'n'),
    compressed: { br: copy(zlib.brotliCompressSync(body), 'nb'), gzip: copy(zlib.gzipSync(body, { level: 9 }), 'ng') },
  };
}

interface WebAppOptions {
  root: string;
  /** `/` answers the shell (false when the home page is rendered on the server). */
  shellAtRoot?: boolean;
  /** The shell carries noindex (when the public pages are rendered on the server). */
  noIndexShell?: boolean;
}

async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
  const index = path.join(options.root, 'index.html');
  let plain = readCopy(index);
  let compressed: Partial<Record<Encoding, ShellCopy>> = {};
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    const copy = readCopy(index + suffix);
    if (copy) compressed[encoding] = copy;
  }
  if (plain && options.noIndexShell) ({ plain, compressed } = noIndexCopies(plain));
  const stored = Object.keys(compressed) as Encoding[];

  app.decorateReply('sendAppShell', function sendAppShell(this: FastifyReply) {
    if (!plain) return this.code(404).send({ success: false, code: 'NOT_FOUND', message: 'The page is not built.' });
    const encoding = chooseEncoding(this.request.headers['accept-encoding'], stored);
    const copy = (encoding && compressed[encoding]) || plain;
    this.header('cache-control', 'no-cache')
      .header('content-type', 'text/html; charset=utf-8')
      .header('etag', copy.etag)
      .header('last-modified', copy.lastModified);
    if (stored.length > 0) this.header('vary', 'accept-encoding');
    if (options.noIndexShell) this.header('x-robots-tag', 'noindex');
    if (encoding) this.header('content-encoding', encoding);
    if (isFresh(this.request, copy)) return this.code(304).send();
    return this.header('content-length', copy.body.length).send(copy.body);
  });

  // `/` is the shell's unless the home page is rendered on the server (modules/pages).
  for (const url of options.shellAtRoot === false ? ['/index.html'] : ['/', '/index.html']) {
    // A page, not part of the JSON API: kept out of its description.
    app.get(url, { schema: { hide: true } }, (_request, reply) => reply.sendAppShell());
  }

  await app.register(fastifyStatic, {
    root: options.root,
    // The shell is answered from memory above, never read from disk per request.
    index: false,
    // Our own Cache-Control below, not the plugin's default max-age=0.
    cacheControl: false,
    // The build writes .br and .gz beside each text file (web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = /[\\/]assets[\\/]/.test(filePath);
      res.setHeader('cache-control', isHashedAsset ? ONE_YEAR : 'no-cache');
    },
  });
}

export default fp(webAppPlugin, { name: 'web-app', dependencies: ['security-headers', 'error-handler'] });
