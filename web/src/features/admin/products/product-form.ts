/**
 * The product form's state (text as typed) and the request body it stands for. The body is
 * checked with the server's own schema, so staff read the same rules before sending that the
 * server would apply after.
 */
import {
  emptyDeclarations,
  fromShopLocalDateTime,
  productCreateBody,
  requestJson,
  shopLocalDateTime,
  type ListingDeclarations,
  type Product,
  type ProductCreateBody,
} from '@shop/core';
import { issuesFromSchema, readNumber, type FieldIssue } from '../shared/form-support.ts';

export interface SizeRow {
  /** Stable React key for the row; never sent. */
  key: string;
  size: string;
  stock: string;
}

/** The Legal Metrology declarations are fields of the form as they are of the body. */
export interface ProductForm extends ListingDeclarations {
  name: string;
  description: string;
  categoryId: string;
  /** Comma separated, as typed. */
  tags: string;
  colors: string[];
  price: string;
  /** Blank for none. */
  originalPrice: string;
  /** When the sale ends, in India, as a `datetime-local` value ("2026-12-01T18:30"); blank for none. */
  saleEndsAt: string;
  sizes: SizeRow[];
  /** Site paths or https URLs; the first is the main image. */
  images: string[];
}

/** Labels of the form's fields by issue path, for messages that name them. */
export const productFieldLabels: Readonly<Record<string, string>> = {
  name: 'Name',
  description: 'Description',
  categoryId: 'Category',
  tags: 'Tags',
  'tags.*': 'Each tag',
  colors: 'Colours',
  'colors.*': 'Colour',
  price: 'Price',
  originalPrice: 'Original price',
  saleEndsAt: 'Sale ends',
  sizes: 'Sizes',
  'sizes.*.size': 'Size',
  'sizes.*.stock': 'Stock',
  images: 'Images',
  'images.*': 'Image',
  genericName: 'Generic name',
  netQuantity: 'Net quantity',
  countryOfOrigin: 'Country of origin',
  makerRole: 'Who answers for the goods',
  makerName: "Manufacturer's, packer's or importer's name",
  makerAddress: 'Their address',
};

let rowCount = 0;
export function sizeRow(size = '', stock = ''): SizeRow {
  rowCount += 1;
  return { key: `size-${rowCount}`, size, stock };
}

export function emptyProductForm(): ProductForm {
  return {
    name: '',
    description: '',
    categoryId: '',
    tags: '',
    colors: [],
    price: '',
    originalPrice: '',
    saleEndsAt: '',
    sizes: [sizeRow()],
    images: [],
    ...emptyDeclarations,
  };
}

export function productFormFor(product: Product): ProductForm {
  return {
    name: product.name,
    description: product.description,
    categoryId: product.categoryId,
    tags: product.tags.join(', '),
    colors: [...product.colors],
    price: String(product.price),
    originalPrice: product.originalPrice === null ? '' : String(product.originalPrice),
    saleEndsAt: product.saleEndsAt ? shopLocalDateTime(new Date(product.saleEndsAt)) : '',
    sizes: product.sizes.map((s) => sizeRow(s.size, String(s.stock))),
    images: product.images.length > 0 ? [...product.images] : product.image ? [product.image] : [],
    ...product.declarations,
  };
}

export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** A number the product needs: blank is an issue of its own, before the schema's rules. */
function readRequiredNumber(text: string, path: string, issues: FieldIssue[]): number | null {
  if (text.trim() === '') {
    issues.push({ path, message: 'is required' });
    return null;
  }
  return readNumber(text, path, issues);
}

export type ProductBodyResult = { ok: true; body: ProductCreateBody } | { ok: false; issues: FieldIssue[] };

/** The body to send for the form, or what is wrong with it (paths as the server names them). */
export function productBodyFrom(form: ProductForm): ProductBodyResult {
  const issues: FieldIssue[] = [];
  if (form.categoryId === '') issues.push({ path: 'categoryId', message: 'Choose a category.' });
  const price = readRequiredNumber(form.price, 'price', issues);
  const originalPrice = readNumber(form.originalPrice, 'originalPrice', issues);
  const saleEndsAt = form.saleEndsAt.trim() === '' ? null : fromShopLocalDateTime(form.saleEndsAt);
  if (saleEndsAt === null && form.saleEndsAt.trim() !== '') {
    issues.push({ path: 'saleEndsAt', message: 'must be a date and time' });
  }
  // Every row is sent, blank or not, so an issue's index (ours or the server's) is the row's.
  const sizes = form.sizes.map((row, index) => ({
    size: row.size,
    stock: readRequiredNumber(row.stock, `sizes.${index}.stock`, issues) ?? 0,
  }));

  const parsed = productCreateBody.safeParse({
    name: form.name,
    description: form.description,
    categoryId: form.categoryId,
    price: price ?? 0,
    originalPrice,
    saleEndsAt,
    colors: form.colors,
    tags: splitTags(form.tags),
    images: form.images,
    sizes,
    genericName: form.genericName,
    netQuantity: form.netQuantity,
    countryOfOrigin: form.countryOfOrigin,
    makerRole: form.makerRole,
    makerName: form.makerName,
    makerAddress: form.makerAddress,
  });
  if (!parsed.success) issues.push(...issuesFromSchema(parsed.error.issues));
  // A field may be named twice (blank price, then "at least 1"); the form shows the first.
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, body: requestJson(productCreateBody, parsed.data) };
}
