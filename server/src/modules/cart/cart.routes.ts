import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartBody,
  applyDiscountBody,
  cartItemParams,
  cartResponse,
  updateCartItemBody,
  type Cart,
} from '@shop/core';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import * as carts from './cart.service.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['cart'];
const response = { 200: cartResponse };
const ok = (data: Cart, message?: string) => ({ success: true as const, ...(message && { message }), data });

/** The signed-in shopper's own cart: every call answers the whole cart, priced by the server. */
const cartRoutesPlugin: FastifyPluginAsyncZod<{ limiter: AttemptLimiter }> = async (app, { limiter }) => {
  const { db } = app;
  guardRoutes(app, app.authenticate);

  app.get(
    '/cart/details',
    { schema: { ...apiDoc('getCart', "The shopper's cart, priced by the shop"), tags, response } },
    async (request) => ok(await carts.getCart(db, signedInUser(request).id)),
  );

  app.post(
    '/cart',
    {
      schema: {
        ...apiDoc('addToCart', 'Add a size of a product to the cart', 404, 409),
        tags,
        response,
        body: addToCartBody,
      },
    },
    async (request) => ok(await carts.addItem(db, signedInUser(request).id, request.body), 'Item added to cart'),
  );

  // "clear" and "coupon" are never read as item ids, in whatever order the routes are declared:
  // the router tries a path's static segments before its parameters.
  app.delete('/cart/clear', { schema: { ...apiDoc('clearCart', 'Empty the cart'), tags, response } }, async (request) =>
    ok(await carts.clearCart(db, signedInUser(request).id), 'Cart cleared'),
  );

  app.post(
    '/cart/apply-discount',
    {
      schema: {
        ...apiDoc('applyCoupon', 'Apply a coupon code to the cart', 404, 409, 429),
        tags,
        response,
        body: applyDiscountBody,
      },
    },
    async (request) => {
      const who = { ip: request.ip, userId: signedInUser(request).id };
      const cart = await carts.applyCoupon(db, limiter, who, request.body.code);
      return ok(cart, `Coupon ${request.body.code} applied!`);
    },
  );

  app.delete(
    '/cart/coupon',
    { schema: { ...apiDoc('removeCoupon', 'Take the coupon off the cart'), tags, response } },
    async (request) => ok(await carts.removeCoupon(db, signedInUser(request).id), 'Coupon removed'),
  );

  app.put(
    '/cart/:itemId',
    {
      schema: {
        ...apiDoc('updateCartItem', 'Change the quantity of a cart line', 404, 409),
        tags,
        response,
        params: cartItemParams,
        body: updateCartItemBody,
      },
    },
    async (request) =>
      ok(
        await carts.updateItem(db, signedInUser(request).id, request.params.itemId, request.body.quantity),
        'Cart item updated',
      ),
  );

  app.delete(
    '/cart/:itemId',
    {
      schema: {
        ...apiDoc('removeCartItem', 'Remove a line from the cart', 404),
        tags,
        response,
        params: cartItemParams,
      },
    },
    async (request) => ok(await carts.removeItem(db, signedInUser(request).id, request.params.itemId), 'Item removed'),
  );
};

export const cartRoutes = fp(cartRoutesPlugin, {
  name: 'cart-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
