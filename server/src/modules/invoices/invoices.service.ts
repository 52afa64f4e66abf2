import type { Kysely, Transaction } from 'kysely';
import {
  orderLineDescription,
  creditNoteSnapshot,
  defaultCategoryTax,
  documentNumber,
  financialYearOf,
  gstRates,
  invoiceSnapshot,
  placeOfSupply,
  stateOfCode,
  supplyKind,
  type InvoiceFacts,
  type OrderAddressFacts,
  type OrderDocument,
  type SellerDetails,
  type SupplyKind,
  type sellerDetailsBody,
  type MessageTemplate,
  type TaxDocumentKind,
  type TaxDocumentSnapshot,
  type TaxSettings,
  returnCreditNoteSnapshot,
  type ReturnedUnits,
} from '@shop/core';
import type { z } from 'zod';
import type { Database, OrderItemTable, OrderTable } from '../../db/schema.ts';
import { ByteCache } from '../../lib/byte-cache.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { renderTaxDocument } from './invoice-pdf.ts';
import * as repo from './invoices.repository.ts';
import { categoryTaxList, hsnOfProducts } from '../category-taxes/category-taxes.service.ts';

type Trx = Transaction<Database>;

const documentNotFound = (kind: TaxDocumentKind) =>
  notFound(
    kind === 'invoice' ? 'INVOICE_NOT_FOUND' : 'CREDIT_NOTE_NOT_FOUND',
    kind === 'invoice' ? 'This order has no tax invoice.' : 'This order has no credit note.',
  );

function toSeller(row: repo.SellerRow): SellerDetails {
  return {
    legalName: row.legal_name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    pinCode: row.pin_code,
    stateCode: row.state_code,
    gstin: row.gstin,
    invoicePrefix: row.invoice_prefix,
    creditNotePrefix: row.credit_note_prefix,
  };
}

/** Issues the next number of a series, inside the transaction of the document it numbers. */
async function nextNumber(trx: Trx, prefix: string, issuedAt: Date) {
  const financialYear = financialYearOf(issuedAt);
  const sequence = await repo.nextSequence(trx, prefix, financialYear);
  try {
    return { series: prefix, financialYear, sequence, number: documentNumber(prefix, financialYear, sequence) };
  } catch {
    // Rule 46 allows 16 characters: a series that has used them all takes no more documents.
    throw new AppError(
      503,
      'DOCUMENT_SERIES_FULL',
      `The shop's ${prefix} document series is full for ${financialYear}: staff must choose a new prefix.`,
    );
  }
}

/** A numbered document's row, as invoices, credit notes and returns' credit notes keep it. */
function documentRow(orderId: string, snapshot: TaxDocumentSnapshot, numbered: Awaited<ReturnType<typeof nextNumber>>) {
  return {
    id: newId(),
    order_id: orderId,
    number: numbered.number,
    series: numbered.series,
    financial_year: numbered.financialYear,
    sequence: numbered.sequence,
    issued_at: snapshot.issuedAt,
    snapshot: JSON.stringify(snapshot),
  };
}

async function store(
  trx: Trx,
  orderId: string,
  snapshot: TaxDocumentSnapshot,
  numbered: Awaited<ReturnType<typeof nextNumber>>,
) {
  await repo.insertDocument(trx, { ...documentRow(orderId, snapshot, numbered), kind: snapshot.kind });
}

export interface InvoiceableOrder {
  order: Pick<
    OrderTable,
    | 'id'
    | 'order_number'
    | 'created_at'
    | 'discount'
    | 'shipping'
    | 'gst'
    | 'shipping_address'
    | 'billing_address'
    | 'line_discounts'
  > & { shipping_gst_rate: number; prices_include_gst: number };
  items: (Pick<OrderItemTable, 'product_id' | 'name' | 'color' | 'size' | 'sku' | 'quantity' | 'price' | 'hsn'> & {
    gst_rate: number;
  })[];
  buyerName: string;
}

/**
 * Gives an order its tax invoice, in the transaction that makes it invoiceable (a cash order
 * placed, an online order paid): the next number of the invoice series in the financial year
 * of `now`, and a snapshot of what it prints. An order invoiced already keeps its invoice.
 */
export async function issueInvoice(trx: Trx, invoiceable: InvoiceableOrder, now: Date): Promise<OrderDocument> {
  const issued = await repo.findDocument(trx, invoiceable.order.id, 'invoice');
  if (issued) return { kind: issued.kind, number: issued.number, issuedAt: issued.issued_at };
  return issueFirstInvoice(trx, invoiceable, now);
}

/**
 * Whether goods sent to `address` are supplied within the seller's state or across a border, as
 * their invoice will say (`invoiceSnapshot`): an order whose prices include GST is priced for it.
 */
export async function supplyKindTo(
  db: Kysely<Database> | Trx,
  address: Pick<OrderAddressFacts, 'state' | 'pinCode'>,
): Promise<SupplyKind> {
  const { state_code: sellerState } = await repo.findSeller(db);
  return supplyKind(sellerState, placeOfSupply(address, sellerState).code);
}

/** `issueInvoice` for an order known to have none: one its own transaction has just written. */
export async function issueFirstInvoice(
  trx: Trx,
  { order, items, buyerName }: InvoiceableOrder,
  now: Date,
): Promise<OrderDocument> {
  const seller = toSeller(await repo.findSeller(trx));
  // Lines from before lines kept their HSN code are printed with their category's.
  const known = await hsnOfProducts(
    trx,
    items.filter((i) => i.hsn === null).map((i) => i.product_id),
  );
  const hsnOf = (item: InvoiceableOrder['items'][number]) =>
    item.hsn ?? known.get(item.product_id) ?? defaultCategoryTax('').hsn;

  const numbered = await nextNumber(trx, seller.invoicePrefix, now);
  const facts: InvoiceFacts = {
    number: numbered.number,
    issuedAt: now.toISOString(),
    seller,
    buyerName,
    billingAddress: JSON.parse(order.billing_address) as OrderAddressFacts,
    shippingAddress: JSON.parse(order.shipping_address) as OrderAddressFacts,
    orderNumber: order.order_number,
    orderPlacedAt: order.created_at,
    goods: items.map((item) => ({
      description: orderLineDescription(item),
      hsn: hsnOf(item),
      quantity: item.quantity,
      unitPrice: item.price,
      ratePercent: item.gst_rate,
    })),
    discount: order.discount,
    lineDiscounts: order.line_discounts === null ? null : (JSON.parse(order.line_discounts) as number[]),
    shipping: order.shipping,
    shippingRatePercent: order.shipping_gst_rate,
    gst: order.gst,
    pricesIncludeGst: order.prices_include_gst === 1,
  };
  const snapshot = invoiceSnapshot(facts);
  await store(trx, order.id, snapshot, numbered);
  return { kind: 'invoice', number: numbered.number, issuedAt: snapshot.issuedAt };
}

/**
 * Gives an invoiced order its credit note (cancelled, or its payment refunded), in that
 * change's transaction: numbered in the credit note series, reversing the invoice in full.
 * Once per order; an order never invoiced gets none.
 */
export async function issueCreditNote(trx: Trx, orderId: string, now: Date) {
  const invoice = await repo.findDocument(trx, orderId, 'invoice');
  if (!invoice || (await repo.findDocument(trx, orderId, 'credit_note'))) return;
  const seller = await repo.findSeller(trx);
  const numbered = await nextNumber(trx, seller.credit_note_prefix, now);
  const snapshot = JSON.parse(invoice.snapshot) as TaxDocumentSnapshot;
  await store(trx, orderId, creditNoteSnapshot(snapshot, numbered.number, now.toISOString()), numbered);
}

/** The invoice an order was given, as it prints; null for an order never invoiced. */
export async function invoiceOf(db: Kysely<Database> | Trx, orderId: string): Promise<TaxDocumentSnapshot | null> {
  const invoice = await repo.findDocument(db, orderId, 'invoice');
  return invoice ? (JSON.parse(invoice.snapshot) as TaxDocumentSnapshot) : null;
}

/**
 * Gives a return's refund its credit note, in the transaction that records the refund:
 * numbered in the credit note series, against the order's invoice, for exactly the units
 * returned (core's `returnCreditNoteSnapshot`, the computation the refund's amount came
 * from). Once per return. Answers its number and total.
 */
export async function issueReturnCreditNote(
  trx: Trx,
  { orderId, returnId, units }: { orderId: string; returnId: string; units: readonly ReturnedUnits[] },
  now: Date,
): Promise<{ number: string; total: number }> {
  const issued = await repo.findReturnCreditNote(trx, returnId);
  if (issued) {
    const snapshot = JSON.parse(issued.snapshot) as TaxDocumentSnapshot;
    return { number: issued.number, total: snapshot.totals.total };
  }
  const invoice = await invoiceOf(trx, orderId);
  if (!invoice) throw documentNotFound('invoice');
  const seller = await repo.findSeller(trx);
  const numbered = await nextNumber(trx, seller.credit_note_prefix, now);
  const snapshot = returnCreditNoteSnapshot(invoice, units, numbered.number, now.toISOString());
  await repo.insertReturnCreditNote(trx, { ...documentRow(orderId, snapshot, numbered), return_id: returnId });
  return { number: numbered.number, total: snapshot.totals.total };
}

/** The credit note numbers of many returns, by return id. */
export async function returnCreditNoteNumbers(
  db: Kysely<Database>,
  returnIds: readonly string[],
): Promise<Map<string, string>> {
  return new Map((await repo.findReturnCreditNoteNumbers(db, returnIds)).map((row) => [row.return_id, row.number]));
}

/** A return's credit note as PDF; 404 before it is refunded. */
export async function returnCreditNotePdf(db: Kysely<Database>, returnId: string) {
  const row = await repo.findReturnCreditNote(db, returnId);
  return toFile(row && { ...row, kind: 'credit_note' as const }, 'credit_note');
}

/** The documents of many orders, for their payloads: one query. */
export async function documentsOf(
  db: Kysely<Database> | Trx,
  orderIds: readonly string[],
): Promise<Map<string, OrderDocument[]>> {
  const documents = new Map<string, OrderDocument[]>();
  for (const row of await repo.findDocumentsOf(db, orderIds)) {
    const list = documents.get(row.order_id) ?? [];
    list.push({ kind: row.kind, number: row.number, issuedAt: row.issued_at });
    documents.set(row.order_id, list);
  }
  return documents;
}

export interface DocumentFile {
  fileName: string;
  pdf: Buffer;
}

/** "KP/26-27/000123" → "KP-26-27-000123.pdf". */
export const documentFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

/**
 * Each issued document's PDF as last drawn, by document id: a document's snapshot never changes,
 * so its PDF is drawn once and downloaded (or attached) again as the same bytes while it stays
 * among the most recently used (a few hundred documents, tens of megabytes at most).
 */
const drawnDocuments = new ByteCache(200, 32 * 1024 * 1024);

async function toFile(
  row: repo.TaxDocumentRow | undefined,
  kind: TaxDocumentKind,
  draw = renderTaxDocument,
): Promise<DocumentFile> {
  if (!row) throw documentNotFound(kind);
  let pdf = drawnDocuments.get(row.id);
  if (!pdf) {
    pdf = await draw(JSON.parse(row.snapshot));
    drawnDocuments.set(row.id, pdf);
  }
  return { fileName: documentFileName(row.number), pdf };
}

/** A shopper's document of their own order, as PDF; 404 for anyone else's or none issued. */
export async function ownDocumentPdf(db: Kysely<Database>, userId: string, orderId: string, kind: TaxDocumentKind) {
  return toFile(await repo.findDocumentOfOwner(db, orderId, kind, userId), kind);
}

/** Any order's document, as PDF, for staff. */
export async function documentPdf(db: Kysely<Database>, orderId: string, kind: TaxDocumentKind) {
  return toFile(await repo.findDocument(db, orderId, kind), kind);
}

/**
 * Which document each order email carries: the confirmation of a sale its invoice (a cash
 * order's "placed", an online order's "payment received"; an online order placed but not yet
 * paid has none), a cancellation or refund its credit note.
 */
const documentOfTemplate: Partial<Record<MessageTemplate, TaxDocumentKind>> = {
  'order-placed': 'invoice',
  'payment-received': 'invoice',
  'staff-new-order': 'invoice',
  'order-cancelled': 'credit_note',
  'refund-recorded': 'credit_note',
};

/**
 * The tax document an order email carries as a PDF attachment, if its order has one, drawn by
 * `draw` (server.ts hands in the rendering thread's).
 */
export function documentAttachments(db: Kysely<Database>, draw = renderTaxDocument) {
  return async ({ template, orderId }: { template: string; orderId: string | null }) => {
    const kind = documentOfTemplate[template as MessageTemplate];
    const row = kind && orderId ? await repo.findDocument(db, orderId, kind) : undefined;
    if (!row) return [];
    const file = await toFile(row, row.kind, draw);
    return [{ filename: file.fileName, content: file.pdf, contentType: 'application/pdf' }];
  };
}

function sellerView(row: repo.SellerRow): TaxSettings['seller'] {
  // The migration writes the epoch: the demo shop's details, never saved by staff.
  const updatedAt = row.updated_at === new Date(0).toISOString() ? null : row.updated_at;
  return { ...toSeller(row), stateName: stateOfCode(row.state_code)?.name ?? '', updatedAt };
}

export async function taxSettings(db: Kysely<Database>): Promise<TaxSettings> {
  const [seller, categories] = await Promise.all([repo.findSeller(db), categoryTaxList(db)]);
  return { seller: sellerView(seller), categories, rates: [...gstRates] };
}

/** Staff set the seller's details: documents issued from now on print them; earlier ones keep theirs. */
export async function updateSeller(db: Kysely<Database>, body: z.output<typeof sellerDetailsBody>, now = new Date()) {
  // A prefix numbered the other kind of document before would mix invoices and credit notes in one series.
  for (const [prefix, kind, field] of [
    [body.invoicePrefix, 'credit_note', 'invoicePrefix'],
    [body.creditNotePrefix, 'invoice', 'creditNotePrefix'],
  ] as const) {
    if (await repo.seriesUsedFor(db, prefix, kind)) {
      throw new AppError(
        400,
        'PREFIX_IN_USE',
        `${prefix} has numbered ${kind === 'invoice' ? 'invoices' : 'credit notes'}: choose a prefix of its own.`,
        [
          {
            path: field,
            message: `${prefix} is already a series of ${kind === 'invoice' ? 'invoices' : 'credit notes'}.`,
          },
        ],
      );
    }
  }
  await repo.updateSeller(db, {
    legal_name: body.legalName,
    address_line1: body.addressLine1,
    address_line2: body.addressLine2,
    city: body.city,
    pin_code: body.pinCode,
    state_code: body.stateCode,
    gstin: body.gstin,
    invoice_prefix: body.invoicePrefix,
    credit_note_prefix: body.creditNotePrefix,
    updated_at: now.toISOString(),
  });
  return taxSettings(db);
}
