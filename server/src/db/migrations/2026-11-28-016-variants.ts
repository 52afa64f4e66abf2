import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Colour × size variants. Stock was kept per size for all of a product's colours together; now
 * each colour and size the shop sells is a variant with its own SKU, stock and, optionally, price.
 *
 * A live shop loses and invents no stock: a product with one colour keeps its stock per size on
 * that colour; one with several keeps it on its first colour (the first by name, as lists showed
 * them) and its other colours start at zero. A product with no colour named keeps its stock on the
 * unnamed colour, ''. Photos already uploaded are shared by every colour; cart lines take the
 * product's first colour; lines of orders placed before have no colour or SKU.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL runs each migration in a transaction of its own; SQLite's migrations run outside
  // one, so this one makes its own: a shop stopped half-way keeps its old tables, whole, and
  // migrates again at the next start.
  if (db.getExecutor().adapter instanceof PostgresAdapter) return moveToVariants(db, true);
  await db.transaction().execute((trx) => moveToVariants(trx, false));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function moveToVariants(db: Kysely<any>, postgres: boolean): Promise<void> {
  await db.schema
    .alterTable('product_colors')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update product_colors set position = (
      select count(*) from product_colors earlier
      where earlier.product_id = product_colors.product_id and earlier.color < product_colors.color
    )`.execute(db);

  await db.schema
    .createTable('product_variants')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('size_position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('price', 'integer', (c) => c.check(sql`price >= 0`))
    .addColumn('original_price', 'integer')
    .addPrimaryKeyConstraint('product_variants_pk', ['product_id', 'color', 'size'])
    .execute();
  await db.schema.createIndex('product_variants_sku_idx').on('product_variants').column('sku').unique().execute();

  await copyStock(db);

  await db.schema.alterTable('product_images').addColumn('color', 'text').execute();

  await db.schema.alterTable('order_items').addColumn('color', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('sku', 'text').execute();

  await db.schema
    .alterTable('cart_items')
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`
    update cart_items set color = coalesce(
      (select pc.color from product_colors pc where pc.product_id = cart_items.product_id and pc.position = 0), '')`.execute(
    db,
  );
  if (postgres) {
    await sql`alter table cart_items drop constraint cart_items_line_unique`.execute(db);
  } else {
    // SQLite cannot drop a table constraint: the table is rebuilt with the new one.
    await sql`alter table cart_items rename to cart_items_before_variants`.execute(db);
    await db.schema
      .createTable('cart_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`
      insert into cart_items (id, cart_id, product_id, size, quantity, created_at, color)
      select id, cart_id, product_id, size, quantity, created_at, color from cart_items_before_variants`.execute(db);
    await sql`drop table cart_items_before_variants`.execute(db);
  }
  await db.schema
    .createIndex('cart_items_line_unique')
    .on('cart_items')
    .columns(['cart_id', 'product_id', 'color', 'size'])
    .unique()
    .execute();

  // The stock notifications (migration 014) now come from the variants.
  await db.schema.dropTable('product_sizes').execute();
  if (postgres) {
    const trigger = (name: string, event: string, when: string) => sql`
      create trigger ${sql.raw(name)} after ${sql.raw(event)} on product_variants for each row
      when (${sql.raw(when)}) execute function product_stock_notify()`;
    await trigger('product_variants_stock_insert', 'insert', 'new.stock > 0').execute(db);
    await trigger('product_variants_stock_delete', 'delete', 'old.stock > 0').execute(db);
    await trigger(
      'product_variants_stock_update',
      'update',
      '(old.stock > 0) <> (new.stock > 0) or old.product_id <> new.product_id or old.color <> new.color',
    ).execute(db);
  }
}

/** Each size's stock onto the product's first colour, every other colour at zero, each with a SKU. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function copyStock(db: Kysely<any>): Promise<void> {
  const sizes: { product_id: string; name: string; size: string; position: number; stock: number }[] = await db
    .selectFrom('product_sizes as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['s.product_id', 'p.name', 's.size', 's.position', 's.stock'])
    .orderBy('s.product_id')
    .orderBy('s.position')
    .execute();
  const colorRows: { product_id: string; color: string }[] = await db
    .selectFrom('product_colors')
    .select(['product_id', 'color'])
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  const colorsOf = new Map<string, string[]>();
  for (const r of colorRows) colorsOf.set(r.product_id, [...(colorsOf.get(r.product_id) ?? []), r.color]);

  const taken = new Set<string>();
  const rows = sizes.flatMap((s) => {
    const colors = colorsOf.get(s.product_id) ?? [''];
    return colors.map((color, i) => ({
      product_id: s.product_id,
      color,
      size: s.size,
      size_position: s.position,
      sku: uniqueSku(skuOf(s.name, color, s.size), taken),
      stock: i === 0 ? s.stock : 0,
    }));
  });
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('product_variants')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

const letters = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

function skuOf(name: string, color: string, size: string): string {
  const word =
    name
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .find(Boolean) ?? 'ITEM';
  return ['KP', word.slice(0, 3), ...(color ? [letters(color).slice(0, 3)] : []), letters(size) || 'OS'].join('-');
}

function uniqueSku(base: string, taken: Set<string>): string {
  let sku = base;
  for (let n = 2; taken.has(sku); n++) sku = `${base}-${n}`;
  taken.add(sku);
  return sku;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(_db: Kysely<any>): Promise<void> {
  throw new Error('The variants migration cannot be undone: stock per colour has no place in the schema before it.');
}
