import pg from 'pg';

/** The channel the outbox's trigger notifies when messages commit (migration 007). */
export const MESSAGES_CHANNEL = 'shop_messages';

export interface Listener {
  close(): Promise<void>;
}

/**
 * Listens on PostgreSQL for messages committed by any process, on a connection of its own
 * (a pooled one cannot hold LISTEN). `onLost` is told once if the connection drops; the
 * worker then polls until it listens again.
 */
export async function listenForMessages(
  url: string,
  onNotify: () => void,
  onLost: (error: Error) => void,
): Promise<Listener> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  let lost = false;
  const lose = (error: Error) => {
    if (lost) return;
    lost = true;
    onLost(error);
  };
  client.on('error', lose);
  client.on('end', () => lose(new Error('connection ended')));
  client.on('notification', (message) => {
    if (message.channel === MESSAGES_CHANNEL) onNotify();
  });
  try {
    await client.connect();
    await client.query(`listen ${MESSAGES_CHANNEL}`);
  } catch (error) {
    lost = true;
    await client.end().catch(() => {});
    throw error;
  }
  return {
    async close() {
      lost = true;
      await client.end().catch(() => {});
    },
  };
}
