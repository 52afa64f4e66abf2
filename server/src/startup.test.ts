import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { seedCategories, seedProducts } from './db/seed/catalog-data.ts';
import { demoCoupons } from './modules/coupons/seed-coupons.ts';
import { prepareDatabase } from './startup.ts';
import { createTestDatabase, testDialects } from './test/databases.ts';

describe.each(testDialects)('start-up on %s', (dialect) => {
  it('migrates and seeds on the first start, and changes nothing on the second', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const options = { database: database.config, seed: true };
      const first = await prepareDatabase(database.handle, options);
      expect(first.migrated.length).toBeGreaterThan(0);
      expect(first.seededProducts).toBe(seedProducts.length);
      expect(first.seededCoupons).toBe(demoCoupons.length);

      const second = await prepareDatabase(database.handle, options);
      expect(second).toEqual({ migrated: [], seededProducts: 0, seededCoupons: 0 });

      const { db } = database.handle;
      const count = async (table: 'products' | 'categories' | 'product_variants') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('products')).toBe(seedProducts.length);
      expect(await count('categories')).toBe(seedCategories.length);
      expect(await count('product_variants')).toBe(
        seedProducts.reduce((n, p) => n + Math.max(1, p.colors.length) * Object.keys(p.sizes).length, 0),
      );
    } finally {
      await database.drop();
    }
  });

  it('does not seed when seeding is off', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const result = await prepareDatabase(database.handle, { database: database.config, seed: false });
      expect(result.seededProducts).toBe(0);
      const rows = await database.handle.db.selectFrom('products').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});

describe('two server processes started at the same moment on one SQLite file', () => {
  const mainJs = path.resolve(import.meta.dirname, '../dist/main.js');
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  async function waitForCatalogue(port: number): Promise<number> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/product?limit=1`);
        if (res.ok) return ((await res.json()) as { data: { total: number } }).data.total;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server on port ${port} did not answer`);
  }

  it('both serve one seeded catalogue, and the file stays intact', async () => {
    expect(fs.existsSync(mainJs), 'run `npm run build` first: this test starts the built server').toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-two-processes-'));
    const ports = [3291, 3292];
    for (const port of ports) {
      children.push(
        spawn(process.execPath, [mainJs], {
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            LOG_LEVEL: 'error',
            WEB_DIST: '/nonexistent',
          },
          stdio: 'ignore',
        }),
      );
    }
    const totals = await Promise.all(ports.map(waitForCatalogue));
    expect(totals).toEqual([seedProducts.length, seedProducts.length]);

    for (const child of children.splice(0)) child.kill('SIGTERM');
    const file = new SqliteDatabase(path.join(dataDir, 'shop.db'), { readonly: true });
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(file.prepare('select count(*) as n from products').get()).toEqual({ n: seedProducts.length });
      expect(file.prepare('select key from app_meta order by key').all()).toEqual([
        { key: 'catalog_seeded_at' },
        { key: 'coupons_seeded_at' },
        { key: 'home_seeded_at' },
      ]);
      expect(file.prepare('select count(*) as n from coupons').get()).toEqual({ n: demoCoupons.length });
    } finally {
      file.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
