/**
 * What a server-rendered page says about itself in its <head>: title, description, canonical
 * address, link-preview tags (Open Graph and Twitter) and schema.org JSON-LD. Pure: the server
 * renderer builds the description from the data it rendered the page with.
 */
import {
  makerRoleLabel,
  missingDeclarations,
  piecePriceWithGst,
  toPaise,
  toRupees,
  colorGallery,
  colorName,
  STORE_NAME,
  STORE_TAGLINE,
  variantLabel,
  variantPrice,
  type Product,
  type ProductVariant,
  type StoreInfo,
} from '@shop/core';
import { formatPrice } from '../../lib/format.ts';
import { pageTitle } from '../../lib/brand.ts';
import { productVariantPath } from '../../lib/product-path.ts';

/** A link preview's picture: raster, as WhatsApp and Facebook ignore SVG. */
export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  ogType: 'website' | 'product';
  image: PreviewImage;
  /** Product pages: price in rupees and currency for the preview. */
  price?: { amount: string; currency: 'INR' };
  jsonLd: object[];
  /** Set on pages search engines must not list (`noindex, follow`). */
  robots?: string;
  /** A list's neighbouring pages (absolute), for crawlers to follow. */
  pages?: { prev: string | null; next: string | null };
}

export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** Where the shop's own preview picture and each product's are served (server/src/modules/seo). */
export const sitePreviewPath = '/og/site.jpg';
export const productPreviewPath = (id: string) => `/og/product/${encodeURIComponent(id)}.jpg`;

/** Descriptions are cut to what search results show, at a word. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // A cut that falls between words keeps its last word whole; else that word goes.
  const end = flat[max - 1] === ' ' ? cut.length : Math.max(cut.lastIndexOf(' '), max / 2);
  return `${cut.slice(0, end).replace(/[\s,.;:]+$/, '')}…`;
}

function shopDescription(info: StoreInfo | null): string {
  const promise = info ? ` ${info.texts.shippingPromise}.` : '';
  return `${STORE_NAME}: ${STORE_TAGLINE}. Shirts, T-shirts and accessories for men, delivered across India.${promise}`;
}

function siteImage(origin: string): PreviewImage {
  return { url: origin + sitePreviewPath, ...PREVIEW_SIZE, alt: `${STORE_NAME} — ${STORE_TAGLINE}` };
}

function breadcrumbs(origin: string, items: readonly { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: origin + item.path,
    })),
  };
}

export function homeHead(origin: string, info: StoreInfo | null): PageHead {
  return {
    title: pageTitle(),
    description: shortDescription(shopDescription(info)),
    canonical: `${origin}/`,
    ogType: 'website',
    image: siteImage(origin),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: STORE_NAME,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: STORE_NAME,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}/products?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

export interface ListHeadFacts {
  /** The page's own tab title (without the shop's name). */
  title: string;
  heading: string;
  /** The canonical query (filters in a fixed order, no `page=1`), without `?`. */
  canonicalQuery: string;
  total: number | null;
  search: string;
  /** Canonical queries (without `?`) of the previous and next pages, null at either end. */
  prevQuery: string | null;
  nextQuery: string | null;
}

export function productsHead(origin: string, info: StoreInfo | null, list: ListHeadFacts): PageHead {
  const listUrl = (query: string) => `${origin}/products${query ? `?${query}` : ''}`;
  const what = list.search ? `“${list.search}” in ${list.heading.toLowerCase()}` : list.heading.toLowerCase();
  const count = list.total === null ? '' : `${list.total} ${list.total === 1 ? 'product' : 'products'}: `;
  return {
    title: pageTitle(list.title),
    description: shortDescription(`${count}${what} at ${STORE_NAME}.${info ? ` ${info.texts.shippingPromise}.` : ''}`),
    canonical: listUrl(list.canonicalQuery),
    // Search results are any words anyone links to (spam in the title and description): their
    // products are listed on the lists and in the sitemap.
    ...(list.search && { robots: 'noindex, follow' }),
    pages: {
      prev: list.prevQuery === null ? null : listUrl(list.prevQuery),
      next: list.nextQuery === null ? null : listUrl(list.nextQuery),
    },
    ogType: 'website',
    image: siteImage(origin),
    jsonLd: [
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: 'Products', path: '/products' },
      ]),
    ],
  };
}

/**
 * The product's page head. Its prices for machines (the offers, the preview's price) are what a
 * shopper pays for one piece before delivery: the price itself when the shop's prices include
 * GST, else the price with one piece's GST (core's `piecePriceWithGst`, as the MRP is made).
 */
export function productHead(
  origin: string,
  product: Product,
  available: boolean,
  { pricesIncludeGst }: Pick<StoreInfo, 'pricesIncludeGst'>,
): PageHead {
  const path = `/product/${encodeURIComponent(product._id)}`;
  const url = origin + path;
  const preview: PreviewImage = {
    url: origin + productPreviewPath(product._id),
    ...PREVIEW_SIZE,
    alt: product.name,
  };
  const paid = (rupees: number) => toRupees(piecePriceWithGst(toPaise(rupees), product.gstPercent, pricesIncludeGst));
  const price = paid(product.price).toFixed(2);
  const absolute = (src: string) => (src.startsWith('http') ? src : origin + src);
  const pictures = (product.images.length > 0 ? product.images : [product.image]).filter(Boolean).map(absolute);
  const offer = (offerUrl: string, amount: number, inStock: boolean) => ({
    '@type': 'Offer',
    url: offerUrl,
    priceCurrency: 'INR',
    price: paid(amount).toFixed(2),
    availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  });
  const about = {
    '@context': 'https://schema.org',
    name: product.name,
    url,
    description: product.description,
    image: [preview.url, ...pictures],
    category: product.category,
    brand: { '@type': 'Brand', name: STORE_NAME },
    ...declarationsJsonLd(product.declarations),
  };
  return {
    title: pageTitle(product.name),
    description: shortDescription(`${product.name}, ${formatPrice(product.price)}. ${product.description}`),
    canonical: url,
    ogType: 'product',
    image: preview,
    price: { amount: price, currency: 'INR' },
    jsonLd: [
      product.variants.length === 0
        ? { ...about, '@type': 'Product', sku: product._id, offers: offer(url, product.price, available) }
        : productGroup(product, about, (variant) => {
            // Each offer its own address: the page opens on that colour with that size chosen.
            const variantUrl = origin + productVariantPath(product._id, variant.color || null, variant.size);
            return {
              url: variantUrl,
              image: colorGallery(product.photos, variant.color).map(absolute)[0] ?? pictures[0],
              offers: offer(variantUrl, variantPrice(product, variant).price, !product.soldOut && variant.stock > 0),
            };
          }),
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: 'Products', path: '/products' },
        { name: product.name, path },
      ]),
    ],
  };
}

/**
 * The product as a schema.org ProductGroup: one Product per variant (its SKU, colour, size and
 * an offer with its own price and availability), varying by colour (when it has named colours)
 * and size.
 */
/**
 * The listing's declarations as structured data: its country of origin, and who answers for
 * it (schema.org names a manufacturer; a packer or importer, and the net quantity, are
 * properties of the product). Nothing for a product not yet declared.
 */
function declarationsJsonLd(d: Product['declarations'] | undefined): object {
  if (!d || missingDeclarations(d).length > 0) return {};
  const maker = { '@type': 'Organization', name: d.makerName, address: d.makerAddress };
  const property = (name: string, value: string) => ({ '@type': 'PropertyValue', name, value });
  return {
    countryOfOrigin: { '@type': 'Country', name: d.countryOfOrigin },
    ...(d.makerRole === 'manufacturer' && { manufacturer: maker }),
    additionalProperty: [
      property('Generic name', d.genericName),
      property('Net quantity', d.netQuantity),
      ...(d.makerRole === 'manufacturer'
        ? []
        : [property(makerRoleLabel(d.makerRole), `${d.makerName}, ${d.makerAddress}`)]),
    ],
  };
}

function productGroup(
  product: Product,
  about: object,
  sold: (variant: ProductVariant) => { url: string; image: string | undefined; offers: object },
): object {
  const named = product.variants.some((v) => v.color !== '');
  return {
    ...about,
    '@type': 'ProductGroup',
    productGroupID: product._id,
    variesBy: [...(named ? ['https://schema.org/color'] : []), 'https://schema.org/size'],
    hasVariant: product.variants.map((variant) => ({
      '@type': 'Product',
      name: `${product.name} – ${variantLabel(variant)}`,
      sku: variant.sku,
      inProductGroupWithID: product._id,
      ...(variant.color !== '' && { color: colorName(variant.color) }),
      size: variant.size,
      ...sold(variant),
    })),
  };
}

export function plainHead(origin: string, path: string, title: string, description: string): PageHead {
  return {
    title: pageTitle(title),
    description: shortDescription(description),
    canonical: origin + path,
    ogType: 'website',
    image: siteImage(origin),
    jsonLd: [
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: title, path },
      ]),
    ],
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script>: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The <head> tags of a page, as HTML. */
export function headTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`;
  const tags = [
    `<title>${escapeAttribute(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.robots ? [meta('name', 'robots', head.robots)] : []),
    `<link rel="canonical" href="${escapeAttribute(head.canonical)}" />`,
    meta('property', 'og:site_name', STORE_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(head.image.width)),
    meta('property', 'og:image:height', String(head.image.height)),
    meta('property', 'og:image:alt', head.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image.url),
  ];
  if (head.price) {
    tags.push(meta('property', 'product:price:amount', head.price.amount));
    tags.push(meta('property', 'product:price:currency', head.price.currency));
  }
  if (head.pages?.prev) tags.push(`<link rel="prev" href="${escapeAttribute(head.pages.prev)}" />`);
  if (head.pages?.next) tags.push(`<link rel="next" href="${escapeAttribute(head.pages.next)}" />`);
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
