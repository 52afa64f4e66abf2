/**
 * What other features may use of the cart: adding to it (with the mini cart that follows),
 * showing it, fetching it again or taking the cart a refusal brought. Importing this loads
 * the cart's API.
 */
export { wantsMiniCart, MiniCart } from './components/mini-cart.tsx';
export { addToCart, cartReceived, fetchCart, useCart } from './cart-api.ts';
