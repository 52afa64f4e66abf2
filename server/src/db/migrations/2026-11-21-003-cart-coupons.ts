import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Stored upper-cased: codes are case-insensitive.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('discount_type', 'text', (c) => c.notNull().check(sql`discount_type in ('percentage', 'buyXgetY')`))
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_purchase', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buy_x', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('get_y', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('coupon_categories')
    .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id'))
    .addPrimaryKeyConstraint('coupon_categories_pk', ['coupon_id', 'category_id'])
    .execute();

  // One row per order that used a coupon; written in the order's transaction.
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_coupon_user_idx')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('coupon_id', 'text', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    // A line never outlives its product.
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('cart_items_line_unique', ['cart_id', 'product_id', 'size'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['cart_items', 'carts', 'coupon_redemptions', 'coupon_categories', 'coupons']) {
    await db.schema.dropTable(table).execute();
  }
}
