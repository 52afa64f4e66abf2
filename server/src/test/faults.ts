import { sql } from 'kysely';
import type { TestShop } from './databases.ts';

/**
 * Makes the database refuse to mark any payment paid (a trigger raising an error), as a
 * database failing in the middle of a capture would, or takes that refusal away again.
 */
export async function failPaymentCaptures(shop: Pick<TestShop, 'handle'>, failing: boolean): Promise<void> {
  const db = shop.handle.db;
  if (shop.handle.dialect === 'sqlite') {
    await sql`drop trigger if exists refuse_payment_capture`.execute(db);
    if (failing) {
      await sql`create trigger refuse_payment_capture before update on payments when new.status = 'paid'
        begin select raise(abort, 'payment captures refused by the test'); end`.execute(db);
    }
    return;
  }
  await sql`drop trigger if exists refuse_payment_capture on payments`.execute(db);
  if (failing) {
    await sql`create or replace function refuse_payment_capture() returns trigger language plpgsql as $$
      begin raise exception 'payment captures refused by the test'; end $$`.execute(db);
    await sql`create trigger refuse_payment_capture before update on payments for each row
      when (new.status = 'paid') execute function refuse_payment_capture()`.execute(db);
  }
}
