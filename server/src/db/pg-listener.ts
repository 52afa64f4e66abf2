import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface Listener {
  /**
   * Resolves once every notification of the channels listened to that committed before the
   * call has been handed to `onNotify`: a NOTIFY this connection sends itself comes back after
   * them, as PostgreSQL delivers notifications in the order their transactions committed.
   * Rejects after `timeoutMs` (a connection that died without a word) or if the connection fails.
   */
  ping(timeoutMs: number): Promise<void>;
  /** Ends the connection; `onLost` is not told. */
  close(): Promise<void>;
}

export interface ListenOptions {
  connectionString: string;
  channels: string[];
  /** `-c search_path=…` of the connection, when the shop's tables are in a schema of their own. */
  searchPath?: string | undefined;
  /** Shown in pg_stat_activity, so an operator (or a test) can tell this connection apart. */
  applicationName?: string;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Listens on PostgreSQL on a connection of its own (a pooled one cannot hold LISTEN).
 * `onLost` is told once if the connection drops after listening began; a failure to connect
 * or to LISTEN rejects instead.
 */
export async function listen(
  options: ListenOptions,
  onNotify: (channel: string, payload: string) => void,
  onLost: (error: Error) => void,
): Promise<Listener> {
  const client = new pg.Client({
    connectionString: options.connectionString,
    connectionTimeoutMillis: 5000,
    // The kernel's keepalive notices a peer gone silent sooner than its default two hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(options.applicationName && { application_name: options.applicationName }),
    ...(options.searchPath && { options: `-c search_path=${options.searchPath}` }),
  });
  // Pings come back on a channel of this connection's own, so no other listener hears them.
  const pingChannel = `ping_${randomBytes(9).toString('hex')}`;
  const pongs = new Map<string, () => void>();
  let pingCount = 0;
  let listening = false;
  let lost = false;
  const failures = new Set<(error: Error) => void>();
  const lose = (error: Error) => {
    if (lost) return;
    lost = true;
    for (const fail of failures) fail(error);
    if (listening) onLost(error);
  };
  client.on('error', lose);
  client.on('end', () => lose(new Error('connection ended')));
  client.on('notification', ({ channel, payload }) => {
    if (channel === pingChannel) pongs.get(payload ?? '')?.();
    else onNotify(channel, payload ?? '');
  });
  try {
    await client.connect();
    for (const channel of [...options.channels, pingChannel]) await client.query(`listen ${quoteIdentifier(channel)}`);
    if (lost) throw new Error('connection lost while it began to listen');
    listening = true;
  } catch (error) {
    lost = true;
    await client.end().catch(() => {});
    throw error;
  }
  return {
    ping(timeoutMs) {
      if (lost) return Promise.reject(new Error('connection lost'));
      const token = String((pingCount += 1));
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          pongs.delete(token);
          failures.delete(fail);
        };
        const fail = (error: Error) => {
          done();
          reject(error);
        };
        const timer = setTimeout(() => fail(new Error(`no answer to a ping within ${timeoutMs} ms`)), timeoutMs);
        pongs.set(token, () => {
          done();
          resolve();
        });
        failures.add(fail);
        client.query('select pg_notify($1, $2)', [pingChannel, token]).catch(fail);
      });
    },
    async close() {
      // Pings still waiting fail now, not when their timers run out: whoever waits on one (a
      // list after its own write) goes on to ask the database at once.
      const closed = new Error('listener closed');
      for (const fail of failures) fail(closed);
      lost = true;
      await client.end().catch(() => {});
    },
  };
}
