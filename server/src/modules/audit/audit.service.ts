import type { AuditEntityType, AuditEntry } from '@shop/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './audit.repository.ts';

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
  await recordAudits(db, [record]);
}

/** Records many staff changes at once (a CSV import): inside the transaction that makes them. */
export async function recordAudits(db: Db, records: readonly AuditRecord[]): Promise<void> {
  await repo.insertAuditEvents(
    db,
    records.map((record) => ({
      id: newId(),
      actor_id: record.actorId,
      entity_type: record.entityType,
      entity_id: record.entityId,
      action: record.action,
      summary: record.summary,
      created_at: record.now,
    })),
  );
}

/** An entity's history, newest first, with who made each change. */
export async function auditTrail(
  db: Db,
  entityType: AuditEntityType,
  entityId: string,
  limit = 100,
): Promise<AuditEntry[]> {
  const rows = await repo.findAuditEvents(db, entityType, entityId, limit);
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
