import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

function counted() {
  const sqlite = new SqliteDatabase(':memory:');
  const prepared: string[] = [];
  const database = {
    prepare: (sql: string) => {
      prepared.push(sql);
      return sqlite.prepare(sql);
    },
    close: () => sqlite.close(),
  };
  return { sqlite, prepared, database };
}

describe('withStatementCache', () => {
  it('prepares a statement once and runs it again with new parameters', () => {
    const { sqlite, prepared, database } = counted();
    sqlite.exec('create table t (a integer)');
    const cached = withStatementCache(database);
    cached.prepare('insert into t values (?)').run([1]);
    cached.prepare('insert into t values (?)').run([2]);
    expect(cached.prepare('select sum(a) as s from t').all([])).toEqual([{ s: 3 }]);
    expect(prepared).toEqual(['insert into t values (?)', 'select sum(a) as s from t']);
  });

  it('keeps at most `size` statements, dropping the one prepared first', () => {
    const { prepared, database } = counted();
    const cached = withStatementCache(database, 2);
    cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(cached.cached).toBe(2);
    cached.prepare('select 2');
    cached.prepare('select 3');
    cached.prepare('select 1');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 1']);
  });

  it('answers from the schema as it is now, after a migration changed it', () => {
    const { sqlite, database } = counted();
    const cached = withStatementCache(database);
    sqlite.exec('create table t (a integer); insert into t values (1)');
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    sqlite.exec('alter table t add column b integer default 2');
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1, b: 2 }]);
  });

  it('closes the database', () => {
    const { sqlite, database } = counted();
    withStatementCache(database).close();
    expect(sqlite.open).toBe(false);
  });
});
