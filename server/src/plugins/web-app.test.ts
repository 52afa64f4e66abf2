import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { documentHeadersFor } from './security-headers.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';

describe('serving the built SPA beside the API', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let webDist: string;
  const shell = '<!doctype html><title>shop</title><div id="root"></div>';

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), shell);
    fs.writeFileSync(path.join(webDist, 'index.html.br'), zlib.brotliCompressSync(shell));
    fs.writeFileSync(path.join(webDist, 'index.html.gz'), zlib.gzipSync(shell));
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    database = await createTestDatabase('sqlite');
    app = await buildApp({ database: database.handle, webDist });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/products', '/product/abc', '/auth/google/callback?code=x'])(
    'answers the page %s with index.html, revalidated on every visit',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('sends strict security headers: the SPA policy on pages, load-nothing on the API', async () => {
    const page = await app.inject('/products');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // The sandbox stands in for Razorpay: no outside script is allowed.
    expect(page.headers['content-security-policy']).not.toContain('razorpay');

    const api = await app.inject('/api/missing');
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the precompressed copy of an asset to a browser that accepts it', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('allows Razorpay Checkout on pages only when real Razorpay keys are configured', () => {
    const withRazorpay = documentHeadersFor({ razorpay: true })['content-security-policy'];
    expect(withRazorpay).toContain("script-src 'self' https://checkout.razorpay.com https://api.razorpay.com");
    expect(withRazorpay).toContain("frame-src 'self' https://checkout.razorpay.com");
    expect(documentHeadersFor({ razorpay: false })['content-security-policy']).toContain("script-src 'self';");
  });

  it('answers HEAD for a page as GET does', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/products' });
    expect(res.statusCode).toBe(200);
  });

  it('caches hashed assets for a year, other files not', async () => {
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the page shell from memory, read once at start: the files on disk are not read again', async () => {
    const files = ['index.html', 'index.html.br', 'index.html.gz'].map((name) => path.join(webDist, name));
    const first = await app.inject('/');
    for (const file of files) fs.renameSync(file, `${file}.away`);
    try {
      for (const url of ['/', '/index.html', '/products', '/product/abc?ref=home']) {
        const plain = await app.inject(url);
        expect(plain.statusCode, url).toBe(200);
        expect(plain.body).toBe(shell);
        expect(plain.headers).toMatchObject({
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-cache',
          'content-length': String(Buffer.byteLength(shell)),
          etag: first.headers.etag,
          'last-modified': first.headers['last-modified'],
          'x-frame-options': 'SAMEORIGIN',
        });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers['content-security-policy']).toContain("script-src 'self'");

        const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toBe('accept-encoding');
        expect(br.headers['cache-control']).toBe('no-cache');
        expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(shell);
        const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(shell);
        const refusesBr = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0.5' } });
        expect(refusesBr.headers['content-encoding']).toBe('gzip');
      }
      const again = await app.inject({ url: '/products', headers: { 'if-none-match': first.headers.etag as string } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const head = await app.inject({ method: 'HEAD', url: '/' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(shell)));
    } finally {
      for (const file of files) fs.renameSync(`${file}.away`, file);
    }
  });

  it('answers a missing file or API path with a 404, not the page', async () => {
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
    const api = await app.inject('/api/missing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await app.inject({ method: 'POST', url: '/products' })).statusCode).toBe(404);
  });
});
