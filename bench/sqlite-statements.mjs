// `npm run bench:sqlite-statements`: what a statement the shop runs again and again costs on
// SQLite, with its values bound to bare `?` placeholders, to `+?` (what the shop writes, see
// server/src/db/sqlite-query-compiler.ts), and written into the SQL as literals. Builds nothing
// (run `npm run build` first): starts the built server once to migrate and seed the demo
// catalogue into a fresh SQLite file and sign a shopper up, fills their cart, then runs each statement through
// better-sqlite3 as the shop does (prepared once, run with its values, which better-sqlite3
// clears after each run). `select 1` is the yardstick: what any statement costs at least.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { freshDatabase, serverScript, signUpShopper, startProcess, waitFor } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 20_000);
const port = Number(process.env.BENCH_PORT ?? 3760);

async function seededShop() {
  const database = await freshDatabase('sqlite', null, 'statements');
  const seeding = await startProcess(serverScript, {
    ...database.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    WEB_DIST: '/nonexistent',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'error',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health/ready`, 120_000);
    // A shopper, whose cart and addresses the statements read.
    await signUpShopper(`http://127.0.0.1:${port}`, 'statements@example.com');
  } finally {
    seeding.kill('SIGTERM');
    await new Promise((resolve) => seeding.once('exit', resolve));
  }
  return database;
}

/** Microseconds per run of `statement` with `values`, after a warm-up. */
function microseconds(statement, values) {
  for (let i = 0; i < 500; i++) statement.all(values);
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) statement.all(values);
  return Number(process.hrtime.bigint() - started) / runs / 1000;
}

const literal = (value) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);

const database = await seededShop();
try {
  const db = new Database(database.file);
  db.pragma('journal_mode = WAL');
  const variant = db
    .prepare(
      `select v.product_id, v.color, v.size from product_variants v join products p on p.id = v.product_id
       where p.is_active = 1 and v.stock > 0 order by v.product_id, v.color, v.size limit 1`,
    )
    .get();
  const user = db.prepare("select id from users where email = 'statements@example.com'").get();
  // A cart of three lines, as a shopper's.
  const cartId = `bench-${randomBytes(4).toString('hex')}`;
  db.prepare(
    "insert into carts (id, user_id, coupon_id, updated_at) values (?, ?, null, '2026-11-29T00:00:00.000Z')",
  ).run(cartId, user.id);
  const lines = db
    .prepare(
      'select product_id, color, size from product_variants where stock > 0 order by product_id, color, size limit 3',
    )
    .all();
  lines.forEach((l, i) =>
    db
      .prepare(
        "insert into cart_items (id, cart_id, product_id, color, size, quantity, created_at) values (?, ?, ?, ?, ?, 1, '2026-11-29T00:00:00.000Z')",
      )
      .run(`${cartId}-${i}`, cartId, l.product_id, l.color, l.size),
  );

  // The shapes of the shop's busiest statements (cart.repository.ts, orders.repository.ts,
  // catalog.repository.ts, addresses.repository.ts), each with the values it runs with.
  const statements = [
    ['yardstick: select 1', 'select 1', []],
    ['one row by its key', 'select * from carts where user_id = ?', [user.id]],
    [
      "the cart's lines (a join of three tables, ordered)",
      `select ci.id, ci.product_id, ci.color, ci.size, ci.quantity, p.name, p.price, p.original_price, p.sale_ends_at,
         v.price, v.original_price, p.category_id, coalesce(v.sku, ''), coalesce(v.stock, 0)
       from cart_items ci join products p on p.id = ci.product_id
       left join product_variants v on v.product_id = ci.product_id and v.color = ci.color and v.size = ci.size
       where ci.cart_id = ? and p.is_active = ? order by ci.created_at, ci.id`,
      [cartId, 1],
    ],
    [
      'what an add is decided from (a join with two subqueries)',
      `select v.stock,
         (select quantity from cart_items where cart_id = ? and product_id = ? and color = ? and size = ?) as held,
         (select count(*) from cart_items where cart_id = ?) as lines
       from products p left join product_variants v on v.product_id = p.id and v.color = ? and v.size = ?
       where p.id = ? and p.is_active = ?`,
      [
        cartId,
        variant.product_id,
        variant.color,
        variant.size,
        cartId,
        variant.color,
        variant.size,
        variant.product_id,
        1,
      ],
    ],
    [
      "a product with its category's name (a join)",
      `select p.*, c.name as category_name from products p join categories c on c.id = p.category_id
       where p.id = ? and p.is_active = ?`,
      [variant.product_id, 1],
    ],
    [
      "a shopper's addresses (one table, ordered)",
      'select * from addresses where user_id = ? order by position',
      [user.id],
    ],
    [
      'what a holder holds of a variant (one table, grouped)',
      `select product_id, color, size, sum(case when user_id = ? then quantity else 0 end) as account
       from order_holds where (user_id = ? and product_id = ? and color = ? and size = ?)
       group by product_id, color, size`,
      [user.id, user.id, variant.product_id, variant.color, variant.size],
    ],
    ['a page of a list (LIMIT)', 'select id from products where is_active = 1 order by id limit ?', [24]],
  ];

  const rows = statements.map(([what, sql, values]) => {
    const bare = db.prepare(sql);
    const plus = db.prepare(sql.replaceAll('?', '+?'));
    let i = 0;
    const inline = db.prepare(sql.replaceAll('?', () => literal(values[i++])));
    // Each form answers the same rows.
    const answer = JSON.stringify(bare.all(values));
    if (JSON.stringify(plus.all(values)) !== answer || JSON.stringify(inline.all()) !== answer) {
      throw new Error(`${what}: the three forms answer differently`);
    }
    return {
      what,
      bare: microseconds(bare, values),
      plus: microseconds(plus, values),
      inline: microseconds(inline, []),
    };
  });
  db.close();

  console.log(
    `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, SQLite ${
      new Database(':memory:').prepare('select sqlite_version() as v').get().v
    }, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${runs} runs each, the demo catalogue\n`,
  );
  console.log('| statement | `?` µs | `+?` µs (the shop) | values written in µs |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.what} | ${r.bare.toFixed(1)} | ${r.plus.toFixed(1)} | ${r.inline.toFixed(1)} |`);
} finally {
  await database.drop();
}
