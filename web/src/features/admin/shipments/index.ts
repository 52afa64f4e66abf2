/** The shipments page's public entry. */
export { AdminShipmentsPage } from './shipments-page.tsx';
export { ParcelSection } from './parcel-section.tsx';
export { ShipDialog } from './ship-dialog.tsx';
