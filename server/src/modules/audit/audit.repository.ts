import type { AuditEntityType } from '@shop/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditEventRow {
  id: string;
  actor_id: string | null;
  entity_type: AuditEntityType;
  entity_id: string;
  action: string;
  summary: string;
  created_at: string;
}

/** Many events, a few hundred rows per statement. */
export async function insertAuditEvents(db: Db, rows: readonly AuditEventRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('audit_events')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** An entity's events, newest first, with the name and email of who made each. */
export function findAuditEvents(db: Db, entityType: AuditEntityType, entityId: string, limit: number) {
  return db
    .selectFrom('audit_events as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.created_at',
      'a.entity_type',
      'a.entity_id',
      'a.action',
      'a.summary',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('a.entity_type', '=', entityType)
    .where('a.entity_id', '=', entityId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}
