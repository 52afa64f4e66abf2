import type { Kysely } from 'kysely';
import type { TaxDocumentKind, TaxDocumentSnapshot } from '@shop/core';
import type { Database } from '../db/schema.ts';

/** What an order's invoice or credit note prints, as issued (its stored snapshot). */
export async function taxDocumentOf(
  db: Kysely<Database>,
  orderId: string,
  kind: TaxDocumentKind,
): Promise<TaxDocumentSnapshot> {
  const row = await db
    .selectFrom('tax_documents')
    .select('snapshot')
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.snapshot) as TaxDocumentSnapshot;
}
