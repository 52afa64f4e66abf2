import Fastify, { type FastifyInstance } from 'fastify';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRazorpayGateway, createSandboxGateway, hmacHex } from './payment-gateway.ts';

/** A stand-in for Razorpay's API on 127.0.0.1: records what it was sent, answers like Razorpay. */
async function fakeRazorpay() {
  const received: { url: string; authorization?: string; body: unknown }[] = [];
  let fail = false;
  const app: FastifyInstance = Fastify();
  app.post('/v1/orders', async (request, reply) => {
    received.push({ url: request.url, authorization: request.headers.authorization, body: request.body });
    if (fail) return reply.code(500).send({ error: { description: 'down' } });
    const body = request.body as { amount: number; currency: string; receipt: string };
    return {
      id: 'order_fake123',
      entity: 'order',
      amount: body.amount,
      currency: body.currency,
      receipt: body.receipt,
      status: 'created',
    };
  });
  app.post('/v1/payments/:id/refund', async (request) => {
    received.push({ url: request.url, authorization: request.headers.authorization, body: request.body });
    return { id: 'rfnd_fake456', entity: 'refund' };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  return { app, received, baseUrl: `http://127.0.0.1:${address.port}`, setFailing: (v: boolean) => (fail = v) };
}

describe('Razorpay gateway (against a stand-in Razorpay API)', () => {
  let fake: Awaited<ReturnType<typeof fakeRazorpay>>;
  const settings = { keyId: 'rzp_test_abc', keySecret: 'key-secret', webhookSecret: 'hook-secret' };

  beforeAll(async () => {
    fake = await fakeRazorpay();
  });
  afterAll(async () => {
    await fake.app.close();
  });

  it('creates an order in paise with the order number as receipt, with basic auth, captured automatically', async () => {
    const gateway = createRazorpayGateway({ ...settings, baseUrl: fake.baseUrl });
    const order = await gateway.createOrder({ amount: 12_998, receipt: 'KP261121-7K3QD', notes: { orderId: 'o1' } });
    expect(order).toEqual({ id: 'order_fake123', amount: 12_998, currency: 'INR' });
    const [call] = fake.received;
    expect(call!.authorization).toBe(`Basic ${Buffer.from('rzp_test_abc:key-secret').toString('base64')}`);
    expect(call!.body).toEqual({
      amount: 12_998,
      currency: 'INR',
      receipt: 'KP261121-7K3QD',
      notes: { orderId: 'o1' },
      payment_capture: 1,
    });
  });

  it('refunds a payment', async () => {
    const gateway = createRazorpayGateway({ ...settings, baseUrl: fake.baseUrl });
    expect(await gateway.refund({ paymentId: 'pay_1', amount: 500 })).toMatchObject({ id: 'rfnd_fake456' });
    expect(fake.received.at(-1)).toMatchObject({ url: '/v1/payments/pay_1/refund', body: { amount: 500 } });
  });

  it('answers a failing or unreachable provider with a clear 502, and times out a slow one', async () => {
    fake.setFailing(true);
    const gateway = createRazorpayGateway({ ...settings, baseUrl: fake.baseUrl });
    await expect(gateway.createOrder({ amount: 100, receipt: 'r', notes: {} })).rejects.toMatchObject({
      statusCode: 502,
      code: 'PAYMENT_PROVIDER_ERROR',
    });
    fake.setFailing(false);
    const nowhere = createRazorpayGateway({ ...settings, baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    await expect(nowhere.createOrder({ amount: 100, receipt: 'r', notes: {} })).rejects.toMatchObject({
      statusCode: 502,
    });
  });

  it.each([
    ['Razorpay', createRazorpayGateway({ ...settings, baseUrl: 'http://unused' })],
    ['the sandbox', createSandboxGateway('key-secret', 'hook-secret')],
  ])('%s checks signatures exactly as the official SDK does', (_name, gateway) => {
    const orderId = 'order_9A33XWu170gUtm';
    const paymentId = 'pay_29QQoUBi66xm2f';
    const good = hmacHex('key-secret', `${orderId}|${paymentId}`);
    for (const signature of [good, good.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), 'short', '']) {
      const sdk = validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, 'key-secret');
      expect(gateway.isValidPaymentSignature({ orderId, paymentId, signature })).toBe(sdk);
    }
    const body = JSON.stringify({ event: 'payment.captured', payload: {} });
    for (const signature of [hmacHex('hook-secret', body), hmacHex('other', body)]) {
      expect(gateway.isValidWebhookSignature(body, signature)).toBe(
        validateWebhookSignature(body, signature, 'hook-secret'),
      );
    }
  });
});
