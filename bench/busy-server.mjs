// The queueing yardstick: a bare Fastify server whose add to cart and order take a fixed time
// of the CPU each (BUSY_ADD_MS, BUSY_ORDER_MS), and nothing else: no database, no collection
// of garbage to speak of, no disk. Loaded by the same wrk script as the shop, it shows the
// latency that one thread taking that long per request gives under the same traffic on the
// same machine: what is left of the shop's is its own stalls.
import Fastify from 'fastify';

/** Keeps this thread running until it has used `ms` of CPU time (not of the clock: a thread the machine pauses meanwhile still does its share). */
const busyFor = (ms) => {
  const start = process.threadCpuUsage();
  for (;;) {
    const { user, system } = process.threadCpuUsage(start);
    if (user + system >= ms * 1000) return;
  }
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
