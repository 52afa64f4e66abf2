import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstOn, toPaise, toRupees, type Product, type ProductPage } from '@shop/core';
import { signedInShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { loadRenderer, type StorefrontRenderer } from './page-renderer.ts';

// The storefront as `npm run build` makes it (npm test builds first).
const web = path.resolve(import.meta.dirname, '../../../../web');
const renderer = await loadRenderer(path.join(web, 'dist-ssr/entry-server.js'));
if (!renderer) throw new Error('web/dist-ssr/entry-server.js is missing: run `npm run build` first');

const origin = 'https://kapas.example';

/** The head's tags as the crawler reads them. */
function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match ? match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&') : null;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

/** One piece's price as offered to machines while GST is added at checkout: rupees, with its GST. */
const withGst = (product: Product, rupees: number) =>
  toRupees(toPaise(rupees) + gstOn(toPaise(rupees), product.gstPercent)).toFixed(2);

/** The HTML inside <head>, and what follows it. */
function split(html: string) {
  const end = html.indexOf('</head>');
  return { head: html.slice(0, end), body: html.slice(end) };
}

describe.each(testDialects)('server-rendered pages on %s', (dialect) => {
  let shop: TestShop;
  let products: Product[];
  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      webDist: path.join(web, 'dist'),
      webRenderer: renderer,
      publicOrigin: origin,
    });
    const list = (await shop.app.inject({ url: '/api/product?limit=100&sort=name' })).json().data as ProductPage;
    products = await Promise.all(
      list.products.map(async (p) => (await shop.app.inject({ url: `/api/product/${p._id}` })).json().data as Product),
    );
  });
  afterAll(async () => {
    await shop?.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

  it('renders a product page whose HTML holds the product and its head tags', async () => {
    const product = products.find((p) => !p.soldOut && p.sizes.length > 1)!;
    const res = await page(`/product/${product._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const { head, body } = split(res.body);

    expect(head).toContain(`<title>${product.name} · KAPAS</title>`);
    expect(head).toContain(`<link rel="canonical" href="${origin}/product/${product._id}" />`);
    expect(metaContent(head, 'og:title')).toBe(`${product.name} · KAPAS`);
    expect(metaContent(head, 'og:type')).toBe('product');
    expect(metaContent(head, 'og:image')).toBe(`${origin}/og/product/${product._id}.jpg`);
    expect(metaContent(head, 'twitter:card')).toBe('summary_large_image');
    // What one piece costs the shopper before delivery: its price with its GST added.
    expect(metaContent(head, 'product:price:amount')).toBe(withGst(product, product.price));
    expect(metaContent(head, 'description')).toContain(product.name);

    // What a shopper sees first, without JavaScript: name, price, picture, sizes, description.
    expect(body).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`));
    expect(body).toContain(product.description.slice(0, 40));
    expect(body).toContain(`src="${product.images[0]}`.slice(0, 30));
    for (const { size } of product.sizes) expect(body).toContain(`>${size}<`);
    expect(body).toContain('₹');
    // The shell's own title and "needs JavaScript" are gone; the store follows for hydration.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).not.toContain('needs JavaScript');
    expect(body).toContain('<script id="shop-state" type="application/json">');
  });

  it('describes the product in JSON-LD as a ProductGroup with an offer per variant', async () => {
    const available = products.find((p) => !p.soldOut && p.colors.length > 1)!;
    const soldOut = products.find((p) => p.soldOut)!;
    for (const product of [available, soldOut]) {
      const data = jsonLd((await page(`/product/${product._id}`)).body);
      const group = data.find((d) => d['@type'] === 'ProductGroup')!;
      expect(group).toMatchObject({
        '@context': 'https://schema.org',
        name: product.name,
        productGroupID: product._id,
        variesBy: [...(product.colors.length > 0 ? ['https://schema.org/color'] : []), 'https://schema.org/size'],
      });
      expect((group.image as string[])[0]).toBe(`${origin}/og/product/${product._id}.jpg`);
      const variants = group.hasVariant as Record<string, unknown>[];
      expect(variants).toHaveLength(product.variants.length);
      // Each offer its own address, naming its colour and its size.
      const urls = new Set<string>();
      product.variants.forEach((variant, i) => {
        const query = new URLSearchParams({ ...(variant.color && { color: variant.color }), size: variant.size });
        const colorUrl = `${origin}/product/${product._id}?${query.toString()}`;
        urls.add(colorUrl);
        expect(variants[i]).toMatchObject({
          '@type': 'Product',
          sku: variant.sku,
          size: variant.size,
          ...(variant.color && { color: variant.color.charAt(0).toUpperCase() + variant.color.slice(1) }),
          offers: {
            '@type': 'Offer',
            url: colorUrl,
            price: withGst(product, variant.price ?? product.price),
            priceCurrency: 'INR',
            availability:
              !product.soldOut && variant.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          },
        });
      });
      expect(urls.size).toBe(product.variants.length);
      const trail = data.find((d) => d['@type'] === 'BreadcrumbList')!;
      expect((trail.itemListElement as { name: string }[]).map((i) => i.name)).toEqual([
        'Home',
        'Products',
        product.name,
      ]);
    }
    // Both kinds of offer are there: a demo product has colours in stock and colours sold out.
    const offers = (
      jsonLd((await page(`/product/${available._id}`)).body).find((d) => d['@type'] === 'ProductGroup')!.hasVariant as {
        offers: { availability: string };
      }[]
    ).map((v) => v.offers.availability);
    expect(new Set(offers)).toEqual(new Set(['https://schema.org/InStock', 'https://schema.org/OutOfStock']));
  });

  it('offers what the shopper pays: with prices that include GST, the price itself, said inclusive of all taxes', async () => {
    const product = products.find((p) => !p.soldOut && p.variants.length > 0)!;
    const inclusive = (on: boolean) =>
      shop.handle.db
        .updateTable('shop_settings')
        .set({ prices_include_gst: on ? 1 : 0 })
        .execute();
    await inclusive(true);
    try {
      const res = await page(`/product/${product._id}`);
      const { head, body } = split(res.body);
      expect(metaContent(head, 'product:price:amount')).toBe(product.price.toFixed(2));
      const group = jsonLd(res.body).find((d) => d['@type'] === 'ProductGroup')!;
      const offered = (group.hasVariant as { offers: { price: string } }[]).map((v) => v.offers.price);
      expect(offered).toEqual(product.variants.map((v) => (v.price ?? product.price).toFixed(2)));
      expect(body).toContain('Inclusive of all taxes');
      expect(body).not.toContain('added at checkout');
    } finally {
      await inclusive(false);
    }
  });

  it('renders the colour the address asks for: its swatch chosen, its photos and its sizes', async () => {
    const product = products.find(
      (p) => !p.soldOut && p.colors.length > 1 && p.photos.some((ph) => ph.color === p.colors[1]),
    )!;
    const second = product.colors[1]!;
    const { body } = split((await page(`/product/${product._id}?color=${encodeURIComponent(second)}`)).body);
    const secondName = second.charAt(0).toUpperCase() + second.slice(1);
    expect(body).toMatch(new RegExp(`<legend[^>]*>Colour<span[^>]*>: <!-- -->${secondName}</span></legend>`));
    const radios = body.match(/<input type="radio"[^>]*>/g)!;
    expect(radios.filter((r) => r.includes('checked=""'))).toEqual([expect.stringContaining(`value="${second}"`)]);
    const firstOwn = product.photos.find((ph) => ph.color === second)!.url;
    const mainImage = /data-testid="product-zoom"[\s\S]*?<img[^>]*src="([^"]+)"/.exec(body)![1];
    expect(mainImage).toBe(firstOwn);
    for (const variant of product.variants.filter((v) => v.color === second && v.stock === 0))
      expect(body).toContain(`aria-label="${variant.size} (sold out)"`);
  });

  it('renders the size the address asks for chosen, when its colour has it in stock', async () => {
    const product = products.find(
      (p) => !p.soldOut && p.colors.length > 1 && p.variants.some((v) => v.color === p.colors[1] && v.stock > 0),
    )!;
    const color = product.colors[1]!;
    const inStock = product.variants.find((v) => v.color === color && v.stock > 0)!;
    const pressed = (body: string) =>
      [...body.matchAll(/<button[^>]*aria-pressed="true"[^>]*aria-label="([^"]+)"/g)].map((m) => m[1]);
    const url = `/product/${product._id}?color=${encodeURIComponent(color)}&size=${encodeURIComponent(inStock.size)}`;
    const { body } = split((await page(url)).body);
    expect(pressed(body)).toEqual([inStock.size]);
    expect(body).toMatch(new RegExp(`Size<span[^>]*>: <!-- -->${inStock.size}</span>`));

    // A size sold out in the colour asked for is shown, not chosen.
    const [sold] = products.flatMap((p) =>
      p.soldOut ? [] : p.variants.filter((v) => v.color !== '' && v.stock === 0).map((v) => ({ p, v })),
    );
    const other = `/product/${sold!.p._id}?color=${encodeURIComponent(sold!.v.color)}&size=${encodeURIComponent(sold!.v.size)}`;
    const otherBody = split((await page(other)).body).body;
    expect(otherBody).toContain(`aria-label="${sold!.v.size} (sold out)"`);
    expect(pressed(otherBody)).toEqual([]);
  });

  it('sends pages and sitemaps compressed as the client asks, the same page once decompressed', async () => {
    const product = products[0]!;
    // The store's request ids and times differ from one render to the next; the page does not.
    const withoutStore = (html: string) => html.replace(/<script id="shop-state"[\s\S]*?<\/script>/, '');
    for (const url of ['/', '/products', `/product/${product._id}`, '/sitemaps/products-1.xml']) {
      const plain = await page(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary, url).toContain('accept-encoding');
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);

      const br = await page(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toContain('accept-encoding');
      expect(withoutStore(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')), url).toBe(
        withoutStore(plain.body),
      );
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 3);

      const gzip = await page(url, { 'accept-encoding': 'gzip, br;q=0' });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(withoutStore(zlib.gunzipSync(gzip.rawPayload).toString('utf8')), url).toBe(withoutStore(plain.body));

      expect((await page(url, { 'accept-encoding': 'identity' })).headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('answers 404 with a rendered "not found" for a product that does not exist', async () => {
    const res = await page('/product/no-such-product');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Product not found');
  });

  it('renders the list with its cards, a canonical address in a fixed order and its neighbouring pages', async () => {
    const res = await page('/products?page=1&color=navy&collection=mens-clothing');
    expect(res.statusCode).toBe(200);
    const { head, body } = split(res.body);
    expect(head).toContain(
      `<link rel="canonical" href="${origin}/products?collection=mens-clothing&amp;color=navy" />`,
    );
    const api = (
      await shop.app.inject({ url: '/api/product?page=1&limit=6&sort=price&category=mens-clothing&color=navy' })
    ).json().data as ProductPage;
    expect(api.products.length).toBeGreaterThan(0);
    for (const card of api.products) expect(body).toContain(`href="/product/${card._id}"`);

    const all = (await shop.app.inject({ url: '/api/product?limit=6&sort=price' })).json().data as ProductPage;
    const second = split((await page('/products?page=2')).body).head;
    expect(second).toContain(`<link rel="canonical" href="${origin}/products?page=2" />`);
    expect(second).toContain(`<link rel="prev" href="${origin}/products" />`);
    if (all.totalPages > 2) expect(second).toContain(`<link rel="next" href="${origin}/products?page=3" />`);
  });

  it('renders home with the organisation and a site search, and the collaboration and policies pages', async () => {
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('ULTIMATE SALE');
    const data = jsonLd(home.body);
    expect(data.find((d) => d['@type'] === 'Organization')).toMatchObject({ name: 'KAPAS', url: `${origin}/` });
    expect(data.find((d) => d['@type'] === 'WebSite')).toMatchObject({
      potentialAction: { '@type': 'SearchAction', 'query-input': 'required name=search_term_string' },
    });
    expect(metaContent(home.body, 'og:image')).toBe(`${origin}/og/site.jpg`);

    const collaboration = await page('/collaboration');
    expect(collaboration.statusCode).toBe(200);
    expect(split(collaboration.body).head).toContain('<title>Collaboration · KAPAS</title>');
    expect(collaboration.body).toMatch(/<form/);
    const policies = await page('/policies');
    expect(policies.statusCode).toBe(200);
    expect(split(policies.body).head).toContain('<title>Policies · KAPAS</title>');
    expect(policies.body).toMatch(/[Rr]eturn/);
  });

  it('renders the seller page and the privacy notice whole, naming the seller and the grievance officer', async () => {
    const seller = (await shop.app.inject({ url: '/api/seller' })).json().data as {
      legalName: string;
      gstin: string;
      grievanceOfficer: { name: string };
    };
    const sellerPage = await page('/seller');
    expect(sellerPage.statusCode).toBe(200);
    const { head, body } = split(sellerPage.body);
    expect(head).toContain('<title>Seller details · KAPAS</title>');
    expect(head).toContain(`<link rel="canonical" href="${origin}/seller" />`);
    expect(metaContent(head, 'description')).toContain('grievance officer');
    // The details are in the HTML itself, not left for the browser to fetch.
    expect(body).toContain(seller.gstin);
    expect(body).toContain(seller.grievanceOfficer.name);
    expect(body).not.toContain('Loading the seller details');

    const privacy = await page('/privacy');
    expect(privacy.statusCode).toBe(200);
    expect(split(privacy.body).head).toContain('<title>Privacy notice · KAPAS</title>');
    expect(privacy.body).toContain('Tax invoices and credit notes');
    expect(privacy.body).toContain(seller.grievanceOfficer.name);
    expect(privacy.body).not.toContain('noindex');
  });

  it('gives WhatsApp and Facebook the preview tags within the first 300 KB', async () => {
    const product = products[0]!;
    for (const agent of [
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0 A',
    ]) {
      const res = await page(`/product/${product._id}`, { 'user-agent': agent });
      const first = Buffer.from(res.rawPayload)
        .subarray(0, 300 * 1024)
        .toString('utf8');
      for (const key of ['og:title', 'og:description', 'og:image', 'og:url'])
        expect(metaContent(first, key)).not.toBeNull();
    }
  });

  it('serves each preview as a 1200×630 JPEG', async () => {
    for (const url of [`/og/product/${products[0]!._id}.jpg`, '/og/site.jpg']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    }
    expect((await page('/og/product/no-such-product.jpg')).statusCode).toBe(404);
    expect((await page('/og/product/..%2Fsecret.jpg')).statusCode).toBe(400);
  });

  it('never puts a shopper in a rendered page, whoever asks', async () => {
    const shopper = await signedInShopper(shop.app);
    const product = products[0]!;
    const anonymous = await page(`/product/${product._id}`);
    const signedIn = await page(`/product/${product._id}`, {
      authorization: `Bearer ${shopper.token}`,
      cookie: `token=${shopper.token}`,
    });
    expect(signedIn.body).not.toContain(shopper.email);
    expect(signedIn.body).not.toContain(shopper.token);
    // Times, request ids and the order in which the page's two queries happened to settle.
    const withoutTimes = (html: string) =>
      html
        .replace(/"(startedTimeStamp|fulfilledTimeStamp|requestId)":("[^"]*"|\d+)/g, '')
        .replace(/"provided":[\s\S]*?"subscriptions"/, '');
    expect(withoutTimes(signedIn.body)).toBe(withoutTimes(anonymous.body));
    expect(anonymous.headers['cache-control']).toContain('public');
  });

  it('keeps a hostile product name inside its text and its JSON', async () => {
    const product = products[1]!;
    const hostile = 'Shirt </script><script>alert(1)</script> "quoted" <b>';
    await shop.handle.db.updateTable('products').set({ name: hostile }).where('id', '=', product._id).execute();
    try {
      const res = await page(`/product/${product._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      const described = jsonLd(res.body).find((d) => d['@type'] === 'ProductGroup')!;
      expect(described.name).toBe(hostile);
      expect(metaContent(res.body, 'og:title')).toBe(`${hostile.replace(/</g, '&lt;').replace(/>/g, '&gt;')} · KAPAS`);
    } finally {
      await shop.handle.db.updateTable('products').set({ name: product.name }).where('id', '=', product._id).execute();
    }
  });

  it('answers 404 for a list page past the last, however large its number', async () => {
    const all = (await shop.app.inject({ url: '/api/product?limit=6&sort=price' })).json().data as ProductPage;
    for (const url of [
      `/products?page=${all.totalPages + 1}`,
      '/products?page=999',
      '/products?page=99999999999999999999',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(split(res.body).head, url).not.toContain('rel="prev"');
    }
    expect((await page(`/products?page=${all.totalPages}`)).statusCode).toBe(200);
  });

  it('keeps search results out of search engines, whatever words they are given', async () => {
    const searched = await page('/products?q=cheap%20replica%20watches');
    expect(searched.statusCode).toBe(200);
    expect(split(searched.body).head).toContain('<meta name="robots" content="noindex, follow" />');
    for (const url of ['/products', '/products?collection=mens-clothing', `/product/${products[0]!._id}`])
      expect((await page(url)).body, url).not.toContain('noindex');
  });

  it('refuses a Host header that is no address with 400, on pages and sitemaps', async () => {
    const other = await createTestShop(dialect, { webDist: path.join(web, 'dist'), webRenderer: renderer });
    try {
      for (const url of ['/', '/products', '/robots.txt', '/sitemap.xml']) {
        for (const host of ['a b', 'x"><script>', 'shop@evil.example']) {
          const res = await other.app.inject({ url, headers: { host } });
          expect(res.statusCode, `${url} ${host}`).toBe(400);
          expect(res.body).not.toContain(host);
        }
      }
    } finally {
      await other.close();
    }
  });

  it('lets no shared cache keep a page or sitemap naming the address the request came to', async () => {
    // Without PUBLIC_URL the origin comes from Host or, behind a trusted proxy, X-Forwarded-Host.
    const other = await createTestShop(dialect, {
      webDist: path.join(web, 'dist'),
      webRenderer: renderer,
      trustProxy: true,
    });
    try {
      const first = (await other.app.inject({ url: '/api/product?limit=1' })).json().data as ProductPage;
      for (const url of ['/', '/products', `/product/${first.products[0]!._id}`, '/robots.txt', '/sitemap.xml']) {
        const res = await other.app.inject({ url, headers: { 'x-forwarded-host': 'evil.example' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toMatch(/^private/);
      }
    } finally {
      await other.close();
    }
    // With PUBLIC_URL the page is the same for everyone.
    expect((await page('/products')).headers['cache-control']).toContain('public');
  });

  it('gives up a page whose API calls are stuck: 503 after the time limit, not a request held for ever', async () => {
    // The renderer's calls to the API never come back, as with a database that stopped answering.
    const stuck: StorefrontRenderer = {
      ...renderer,
      createApiClient: (config) =>
        renderer.createApiClient({ ...config, fetch: () => new Promise<Response>(() => {}) }),
    };
    const other = await createTestShop(dialect, {
      webDist: path.join(web, 'dist'),
      webRenderer: stuck,
      pageRenderTimeoutMs: 100,
    });
    try {
      for (const url of ['/', '/products', `/product/${products[0]!._id}`]) {
        const res = await other.app.inject({ url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('5');
      }
    } finally {
      await other.close();
    }
  });

  it('answers 503 for every page and sitemap while the database is away', async () => {
    const other = await createTestShop(dialect, { webDist: path.join(web, 'dist'), webRenderer: renderer });
    await other.handle.close();
    try {
      for (const url of [
        '/',
        '/products',
        `/product/${products[0]!._id}`,
        '/collaboration',
        '/policies',
        '/seller',
        '/privacy',
        '/sitemap.xml',
      ]) {
        const res = await other.app.inject({ url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('5');
      }
    } finally {
      await other.app.close();
      await other.drop().catch(() => {});
    }
  });

  it('keeps private pages out of search engines and lists every product in the sitemap', async () => {
    for (const url of ['/cart', '/checkout', '/profile', '/signin', '/signup', '/admin']) {
      const res = await page(url);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
    expect((await page('/')).body).not.toContain('noindex');

    const robots = (await page('/robots.txt')).body;
    for (const path of ['/cart', '/checkout', '/profile', '/admin', '/api'])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);

    const index = (await page('/sitemap.xml')).body;
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(origin, ''));
    expect(sitemaps).toEqual(['/sitemaps/pages.xml', '/sitemaps/products-1.xml']);
    const listed = (await page('/sitemaps/products-1.xml')).body;
    const ids = [...listed.matchAll(/<loc>[^<]*\/product\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    const total = (await shop.app.inject({ url: '/api/product?limit=1' })).json().data.total as number;
    expect(ids).toHaveLength(total);
    expect(ids).toContain(products[0]!._id);
    expect((await page('/sitemaps/products-2.xml')).statusCode).toBe(404);
    const pages = (await page('/sitemaps/pages.xml')).body;
    for (const path of ['/policies', '/seller', '/privacy']) expect(pages).toContain(`<loc>${origin}${path}</loc>`);
  });
});
