/**
 * An expected refusal: the status, a stable code for programs and a message for people.
 * The error plugin turns it into `{ success: false, code, message }`; anything that is not
 * an AppError is unexpected, logged, and answered with a bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Field-level problems, when a rule checked beyond the schema refuses the input. */
    readonly issues?: readonly { path: string; message: string }[],
    /** What the caller needs to go on, sent as the envelope's `data` (a changed cart, say). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Bad input found by a rule the schema cannot express: answered like a schema refusal. */
export function invalidInput(where: string, issues: readonly { path: string; message: string }[]): AppError {
  const message = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new AppError(400, 'VALIDATION_FAILED', `Invalid ${where}: ${message}`, issues);
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'FORBIDDEN', message);
/** Something the request needs is away (the database, Redis): try again shortly (Retry-After). */
export const serviceUnavailable = () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'The shop is briefly unavailable. Please try again in a moment.');
/** Too much work already waiting (password hashing): try again shortly rather than queue. */
export const serviceBusy = () =>
  new AppError(503, 'SERVICE_BUSY', 'The shop is busy right now. Please try again in a moment.');

// Errors that mean the database is out of reach (restarting, overloaded, network) or cannot
// take writes (a full disk, a read-only file or replica), not that the request was wrong:
// PostgreSQL's connection, resource and read-only classes, node's socket errors, and SQLite's
// lock, full, read-only and I/O errors (with their extended codes: SQLITE_BUSY_SNAPSHOT…).
const databaseUnavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '25006',
  '53000',
  '53100',
  '53200',
  '53300',
  '58030',
]);
const sqliteUnavailable = /^SQLITE_(BUSY|FULL|READONLY|IOERR|CANTOPEN)/;

/**
 * PostgreSQL ended the transaction to break a deadlock (40P01) or a serialization conflict
 * (40001). Writes take their rows in one order so this should not happen; if it does, the
 * request was sound and trying again will do: a 503, never a 500.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

export const transactionConflict = () =>
  new AppError(503, 'TRY_AGAIN', 'Someone else was changing the same thing at that moment. Please try again.');

export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string' && (databaseUnavailableCodes.has(e.code) || sqliteUnavailable.test(e.code))) {
    return true;
  }
  const message = typeof e?.message === 'string' ? e.message : '';
  // The last: the database was closed under the app (shutting down, or a test taking it away).
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|driver has already been destroyed/i.test(
    message,
  );
}

/** A unique key refused the write (PostgreSQL 23505; SQLite's unique and primary-key constraints). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
