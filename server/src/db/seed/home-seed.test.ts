import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../startup.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/databases.ts';

/**
 * The home page's samples (deals counting down, testimonials) come only with the demo catalogue
 * seeded in the same start: a shop already selling, upgraded to the release that brings the home
 * page's tables, must not wake up to sample deals on its home page.
 */
describe.each(testDialects)('the home page samples on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });
  const counts = async (db: TestDatabase['handle']['db']) => ({
    deals: Number(
      (
        await db
          .selectFrom('home_deals')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    testimonials: Number(
      (
        await db
          .selectFrom('home_testimonials')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('are seeded with the demo catalogue on a new shop, once', async () => {
    database = await createTestDatabase(dialect);
    await prepareDatabase(database.handle, { database: database.config, seed: true });
    expect(await counts(database.handle.db)).toEqual({ deals: 3, testimonials: 5 });
    await prepareDatabase(database.handle, { database: database.config, seed: true });
    expect(await counts(database.handle.db)).toEqual({ deals: 3, testimonials: 5 });
  });

  it('are not seeded into a shop whose catalogue was there before the home page', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database.handle;
    await prepareDatabase(database.handle, { database: database.config, seed: true });
    // The shop as it was before the release: its catalogue seeded long ago, no home page yet.
    await db.deleteFrom('home_deals').execute();
    await db.deleteFrom('home_testimonials').execute();
    await db.deleteFrom('app_meta').where('key', '=', 'home_seeded_at').execute();

    await prepareDatabase(database.handle, { database: database.config, seed: true });
    expect(await counts(db)).toEqual({ deals: 0, testimonials: 0 });
    const marker = await db.selectFrom('app_meta').select('key').where('key', '=', 'home_seeded_at').execute();
    expect(marker).toHaveLength(1);
  });
});
