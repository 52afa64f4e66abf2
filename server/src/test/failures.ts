import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connect.ts';

let counter = 0;

/**
 * Makes the database refuse every `event` on `table` (a trigger that raises), so a test can
 * force a failure at one exact statement inside a service's transaction. Answers the undo.
 */
export async function refuseWrites(
  handle: DatabaseHandle,
  table: string,
  event: 'insert' | 'update' | 'delete',
): Promise<() => Promise<void>> {
  counter += 1;
  const name = `refuse_${table}_${event}_${counter}`;
  if (handle.dialect === 'sqlite') {
    await sql
      .raw(`create trigger ${name} before ${event} on ${table} begin select raise(abort, 'refused by the test'); end`)
      .execute(handle.db);
    return async () => void (await sql.raw(`drop trigger ${name}`).execute(handle.db));
  }
  await sql
    .raw(
      `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
    )
    .execute(handle.db);
  await sql
    .raw(`create trigger ${name} before ${event} on ${table} for each row execute function ${name}()`)
    .execute(handle.db);
  return async () => {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(handle.db);
    await sql.raw(`drop function ${name}()`).execute(handle.db);
  };
}
