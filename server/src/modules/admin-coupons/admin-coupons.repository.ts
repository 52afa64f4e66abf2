import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Which of these category ids no category has. */
export async function unknownCategoryIds(db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = await db
    .selectFrom('categories')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  const found = new Set(known.map((row) => row.id));
  return [...new Set(ids)].filter((id) => !found.has(id));
}
