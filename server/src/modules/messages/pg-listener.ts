import { listen, type Listener } from '../../db/pg-listener.ts';

export type { Listener };

/** The channel the outbox's trigger notifies when messages commit (migration 008). */
export const MESSAGES_CHANNEL = 'shop_messages';

/**
 * Listens on PostgreSQL for messages committed by any process. `onLost` is told once if the
 * connection drops; the worker then polls until it listens again.
 */
export function listenForMessages(
  url: string,
  onNotify: () => void,
  onLost: (error: Error) => void,
): Promise<Listener> {
  return listen({ connectionString: url, channels: [MESSAGES_CHANNEL] }, onNotify, onLost);
}
