// The queueing yardstick: a bare Fastify server whose add to cart and order keep its thread busy
// for a fixed time each (BUSY_ADD_MS, BUSY_ORDER_MS), and do nothing else: no database, no
// collection of garbage to speak of, no disk. Loaded by the same wrk script as the shop, it shows
// the latency that one thread taking that long per request gives under the same traffic on the
// same machine: what is left of the shop's is its own (its stalls, and how its times vary).
import Fastify from 'fastify';

/**
 * Keeps this thread running for `ms` by the clock. Not by its CPU time: the thread CPU times
 * Node reads (getrusage) move on only at the scheduler's ticks, so a spin on them overshoots
 * by up to a tick (4 ms here). The row's own CPU time per request shows what it took.
 */
const busyFor = (ms) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const addMs = Number(process.env.BUSY_ADD_MS ?? 0);
const orderMs = Number(process.env.BUSY_ORDER_MS ?? 0);

const app = Fastify({ logger: false });
app.get('/ready', async () => ({ ready: true }));
app.post('/api/cart', async () => {
  busyFor(addMs);
  return { success: true };
});
app.post('/api/order', async () => {
  busyFor(orderMs);
  return { success: true };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3303) });
