import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('categories_parent_idx').on('categories').column('parent_id').execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id'))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('original_price', 'integer')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The list's sort orders, each ending in id so pages are stable.
  await db.schema.createIndex('products_price_idx').on('products').columns(['is_active', 'price', 'id']).execute();
  await db.schema
    .createIndex('products_created_idx')
    .on('products')
    .columns(['is_active', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('products_name_idx').on('products').columns(['is_active', 'name', 'id']).execute();
  await db.schema.createIndex('products_category_idx').on('products').columns(['category_id', 'price']).execute();

  await db.schema
    .createTable('product_sizes')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addPrimaryKeyConstraint('product_sizes_pk', ['product_id', 'size'])
    .execute();

  await db.schema
    .createTable('product_images')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('product_colors')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('color', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_colors_pk', ['product_id', 'color'])
    .execute();
  await db.schema
    .createIndex('product_colors_color_idx')
    .on('product_colors')
    .columns(['color', 'product_id'])
    .execute();

  await db.schema
    .createTable('product_tags')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag'])
    .execute();
  await db.schema.createIndex('product_tags_tag_idx').on('product_tags').columns(['tag', 'product_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'product_tags',
    'product_colors',
    'product_images',
    'product_sizes',
    'products',
    'categories',
    'app_meta',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
