/** The delivery settings page's public entry. */
export { AdminDeliveryPage } from './delivery-page.tsx';
