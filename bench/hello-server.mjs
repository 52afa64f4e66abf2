// The yardstick: a bare Fastify route answering a tiny JSON body, run as its own process
// exactly like the shop, so the ratio between them shows what the shop's work costs.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3302) });
