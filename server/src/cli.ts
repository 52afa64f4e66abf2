import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, personNameSchema } from '@shop/core';
import { AppError } from './lib/errors.ts';
import { seedCatalog } from './db/seed/seed.ts';
import { seedHome } from './db/seed/home.ts';
import { createOrPromoteAdmin } from './modules/auth/auth.service.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { exitUnlessSupportedNode } from '../../scripts/node-runtime.mjs';

const usage = `Usage:
  cli.js migrate                 bring the database schema up to date
  cli.js seed                    migrate, then seed the demo catalogue if it has none
  cli.js admin:create --email E --password P [--first-name F] [--last-name L] [--allow-unverified]
                                 create a staff account, or promote an existing one: its
                                 password becomes P and every session of it is signed out;
                                 an account whose email was never verified is promoted only
                                 with --allow-unverified`;

/** Creates or promotes a staff account from the command line's options. */
async function adminCreate(database: ReturnType<typeof openDatabase>, args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'allow-unverified': { type: 'boolean' },
    },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new Error(`--email: ${email.error.issues[0]?.message}\n${usage}`);
  // Names follow the sign-up rule (letters, spaces and . ' -), as staff names reach emails too.
  const name = (option: string, label: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const parsed = personNameSchema(label).safeParse(value);
    if (!parsed.success) throw new Error(`${option}: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  };
  const firstName = name('--first-name', 'First name', values['first-name']);
  const lastName = name('--last-name', 'Last name', values['last-name']);
  if (values.password !== undefined) {
    const password = passwordSchema.safeParse(values.password);
    if (!password.success) throw new Error(`--password: ${password.error.issues[0]?.message}`);
  }
  const result = await createOrPromoteAdmin(database.db, {
    email: email.data,
    password: values.password,
    ...(firstName && { firstName }),
    ...(lastName && { lastName }),
    allowUnverified: values['allow-unverified'] === true,
  }).catch((error: unknown) => {
    const aboutPassword = error instanceof AppError && ['WEAK_PASSWORD', 'COMMON_PASSWORD'].includes(error.code);
    throw aboutPassword ? new Error(`--password: ${error.message}`) : error;
  });
  console.log(
    result.created
      ? `Created staff account ${email.data}.`
      : `${email.data} is now staff, with the password given; every earlier session of it is signed out.`,
  );
}

/** Operator commands on the configured database. */
async function run(command: string | undefined, args: string[]) {
  // Before the database opens: better-sqlite3 crashes the process on a Node older than 22.
  exitUnlessSupportedNode();
  const config = loadConfig();
  const database = openDatabase(config.database);
  const sqliteFile = config.database.dialect === 'sqlite' ? config.database.file : null;
  try {
    await withStartupLock(database, sqliteFile, async () => {
      if (command === 'migrate') {
        const done = await migrateToLatest(database);
        console.log(done.length ? `Applied: ${done.join(', ')}` : 'Schema already current.');
      } else if (command === 'seed') {
        await migrateToLatest(database);
        const count = await seedCatalog(database.db);
        await seedHome(database.db, { withSamples: count > 0 });
        console.log(count ? `Seeded ${count} products.` : 'Catalogue already seeded; nothing to do.');
      } else if (command === 'admin:create') {
        await migrateToLatest(database);
        await adminCreate(database, args);
      } else {
        throw new Error(usage);
      }
    });
  } finally {
    await database.close();
  }
}

run(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
