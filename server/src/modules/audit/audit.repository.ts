import type { AuditEntityType, AuditEntry } from '@shop/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  actorId: string | null;
  entityType: AuditEntityType;
  entityId: string;
  action: string;
  summary: string;
  now: string;
}

/** Records a staff change. Call it inside the transaction that makes the change. */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: newId(),
      actor_id: record.actorId,
      entity_type: record.entityType,
      entity_id: record.entityId,
      action: record.action,
      summary: record.summary,
      created_at: record.now,
    })
    .execute();
}

/** An entity's history, newest first, with who made each change. */
export async function auditTrail(
  db: Db,
  entityType: AuditEntityType,
  entityId: string,
  limit = 100,
): Promise<AuditEntry[]> {
  const rows = await db
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
  return rows.map((row) => ({
    _id: row.id,
    at: row.created_at,
    actor: row.user_id
      ? { _id: row.user_id, name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(), email: row.email ?? '' }
      : null,
    entityType: row.entity_type,
    entityId: row.entity_id,
    action: row.action,
    summary: row.summary,
  }));
}
