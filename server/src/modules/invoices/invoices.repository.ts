import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database, ReturnCreditNoteTable, SellerDetailsTable, TaxDocumentTable } from '../../db/schema.ts';
import { everyColumnOf, queryTemplate } from '../../db/query-template.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type SellerRow = Selectable<SellerDetailsTable>;
export type TaxDocumentRow = Selectable<TaxDocumentTable>;

// The statements of a cash order's invoice are built once (query-template.ts).
const sellerRow = queryTemplate(['id'], (db, slot) =>
  db.selectFrom('seller_details').selectAll().where('id', '=', slot.id),
);

export async function findSeller(db: Db): Promise<SellerRow> {
  const [row] = (await sellerRow(db, { id: 1 })).rows;
  if (!row) throw new Error('The seller details row is missing');
  return row;
}

export async function updateSeller(db: Db, seller: Omit<Updateable<SellerDetailsTable>, 'id'>) {
  await db.updateTable('seller_details').set(seller).where('id', '=', 1).execute();
}

/**
 * The next number of a series in a financial year, in one statement that raises the counter
 * (made at 1 on the year's first document). The row stays locked until the transaction ends
 * (PostgreSQL's upsert takes the row's lock; SQLite runs one writer at a time), so two
 * processes never get the same number, and a transaction rolled back gives its number back:
 * numbers run on with no gaps.
 */
export async function nextSequence(trx: Transaction<Database>, series: string, financialYear: string): Promise<number> {
  const [row] = (await sequenceRaised(trx, { series, financialYear })).rows;
  return Number(row!.last_number);
}

const sequenceRaised = queryTemplate(['series', 'financialYear'], (db, slot) =>
  db
    .insertInto('document_sequences')
    .values({ series: slot.series, financial_year: slot.financialYear, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['series', 'financial_year'])
        .doUpdateSet({ last_number: sql<number>`${sql.ref('document_sequences.last_number')} + 1` }),
    )
    .returning('last_number'),
);

const documentColumns = everyColumnOf<TaxDocumentRow>()([
  'id',
  'order_id',
  'kind',
  'number',
  'series',
  'financial_year',
  'sequence',
  'issued_at',
  'snapshot',
]);
const documentInsert = queryTemplate(documentColumns, (db, slot) => db.insertInto('tax_documents').values(slot));

export async function insertDocument(trx: Transaction<Database>, document: TaxDocumentRow) {
  await documentInsert(trx, document);
}

export function findDocument(db: Db, orderId: string, kind: TaxDocumentRow['kind']) {
  return db
    .selectFrom('tax_documents')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** A document of an order, if the order is `userId`'s. */
export function findDocumentOfOwner(db: Db, orderId: string, kind: TaxDocumentRow['kind'], userId: string) {
  return db
    .selectFrom('tax_documents as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .selectAll('d')
    .where('d.order_id', '=', orderId)
    .where('d.kind', '=', kind)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
}

/** The documents of many orders, without their snapshots: one query. */
export async function findDocumentsOf(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('tax_documents')
    .select(['order_id', 'kind', 'number', 'issued_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('issued_at')
    .orderBy('kind', 'desc')
    .execute();
}

/** Whether documents of `kind` were ever numbered in the series `prefix`. */
export async function seriesUsedFor(db: Db, prefix: string, kind: TaxDocumentRow['kind']): Promise<boolean> {
  const row = await db
    .selectFrom('tax_documents')
    .select('id')
    .where('series', '=', prefix)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row !== undefined;
}

export type ReturnCreditNoteRow = Selectable<ReturnCreditNoteTable>;

export async function insertReturnCreditNote(trx: Transaction<Database>, note: ReturnCreditNoteRow) {
  await trx.insertInto('return_credit_notes').values(note).execute();
}

export function findReturnCreditNote(db: Db, returnId: string) {
  return db.selectFrom('return_credit_notes').selectAll().where('return_id', '=', returnId).executeTakeFirst();
}

/** The numbers of many returns' credit notes, without their snapshots. */
export async function findReturnCreditNoteNumbers(db: Db, returnIds: readonly string[]) {
  if (returnIds.length === 0) return [];
  return db
    .selectFrom('return_credit_notes')
    .select(['return_id', 'number'])
    .where('return_id', 'in', [...returnIds])
    .execute();
}
