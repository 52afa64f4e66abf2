import type { ColumnType, Generated } from 'kysely';
import type { Courier, ReturnReason, ReturnStatus, ShipmentEventKind, ShipmentStatus } from '@shop/core';

/**
 * The typed shape of every table, as Kysely sees it. Portable column types only:
 * text ids, integer paise, ISO-8601 text timestamps, 0/1 integers for booleans.
 */
export interface CategoryTable {
  id: string;
  name: string;
  parent_id: string | null;
  position: number;
}

export interface ProductTable {
  id: string;
  slug: string;
  name: string;
  /**
   * The name, lower-cased (lib/sql-text.ts): what the staff list's name search matches, on both
   * dialects alike. Tags are not in it; the storefront's search (names, categories, colours and
   * tags) runs on the in-memory index of the catalogue (modules/catalog/catalog-index.ts).
   */
  search_text: string;
  description: string;
  category_id: string;
  price: number;
  original_price: number | null;
  is_active: number;
  /** Pieces at or below which this product's variants are low; null: the shop's threshold. */
  low_stock_threshold: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the product's sale ends (ISO); null: no sale end, so no countdown. */
  sale_ends_at: string | null;
  /** Legal Metrology declarations (migration 027); '' until staff enter them. */
  generic_name: Generated<string>;
  net_quantity: Generated<string>;
  country_of_origin: Generated<string>;
  /** 'manufacturer', 'packer' or 'importer'; '' until staff say. */
  maker_role: Generated<string>;
  maker_name: Generated<string>;
  maker_address: Generated<string>;
  created_at: string;
  updated_at: string;
}

/**
 * One colour and size of a product the shop sells: its own SKU and stock, and its own price
 * when it differs from the product's. A product with no colour named has the colour ''.
 */
export interface ProductVariantTable {
  product_id: string;
  color: string;
  size: string;
  /** The size's place in the product's sizes (the same for every colour). */
  size_position: number;
  sku: string;
  stock: number;
  /** Paise; null: the product's price. */
  price: number | null;
  original_price: number | null;
}

export interface ProductImageTable {
  product_id: string;
  position: number;
  url: string;
  /** The colour the photo shows; null: every colour's (shown after the colour's own). */
  color: string | null;
}

export interface ProductColorTable {
  product_id: string;
  color: string;
  /** The colour's place among the product's colours: the first is the one shown first. */
  position: number;
}

export interface ProductTagTable {
  product_id: string;
  tag: string;
}

/** One row: the catalogue's version, moved on by triggers with every change to it. */
export interface CatalogStateTable {
  id: number;
  version: number;
}

/** SQLite: products whose stock crossed zero, newest last (the last 1,000; migration 020). */
export interface CatalogueStockChangeTable {
  seq: Generated<number>;
  product_id: string;
}

/** Small facts about the database itself, such as whether the demo catalogue was seeded. */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface UserTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  password_hash: string | null;
  role: 'customer' | 'admin';
  token_version: number;
  /** When the account proved it owns its email; null while it has not. */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its owner had the account erased; null while it is in use. */
  erased_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export type AccountTokenPurpose = 'password-reset' | 'verify-email';

/** A one-time link sent by email: only the sha256 of its token is kept. */
export interface AccountTokenTable {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  email: string;
  password_fingerprint: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface AddressTable {
  id: string;
  user_id: string;
  position: number;
  name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  pin_code: string;
  is_default: number;
}

/** A user's account at an external identity provider (Google), linked once. */
export interface IdentityTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string;
  created_at: string;
}

export interface CouponTable {
  id: string;
  code: string;
  discount_type: 'percentage' | 'buyXgetY';
  value: number;
  min_purchase: number;
  buy_x: number;
  get_y: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  is_active: number;
  times_redeemed: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CouponCategoryTable {
  coupon_id: string;
  category_id: string;
}

export interface CouponRedemptionTable {
  id: string;
  coupon_id: string;
  user_id: string;
  order_id: string | null;
  created_at: string;
}

export interface CartTable {
  id: string;
  user_id: string;
  coupon_id: string | null;
  updated_at: string;
}

export interface CartItemTable {
  id: string;
  cart_id: string;
  product_id: string;
  /** The variant's colour ('' for a product without named colours). */
  color: string;
  size: string;
  quantity: number;
  created_at: string;
}

export interface OrderTable {
  id: string;
  order_number: string;
  user_id: string;
  status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
  payment_method: 'cod' | 'razorpay';
  payment_status: 'cod' | 'awaiting_payment' | 'paid' | 'failed' | 'refunded';
  subtotal: number;
  discount: number;
  shipping: number;
  gst: number;
  total: number;
  coupon_id: string | null;
  coupon_code: string | null;
  coupon_label: string | null;
  /** JSON of the order address (a snapshot: later profile edits do not change it). */
  shipping_address: string;
  billing_address: string;
  notes: string;
  idempotency_key: string | null;
  /** GST rate (percent) shipping was taxed at. */
  shipping_gst_rate: Generated<number>;
  /** The client address the order was placed from (IPv4, or an IPv6 /64); null before it was kept. */
  client_address: string | null;
  /** That address's network (an IPv4 /24, an IPv6 /48); null before it was kept. */
  client_network: string | null;
  /** JSON: the coupon's discount on each line (paise, by line position); null with no discount, and before orders kept it. */
  line_discounts: string | null;
  /** When a cash order was confirmed; null while it is not (and for online orders). */
  cod_confirmed_at: string | null;
  /** Who confirmed it: the shopper's emailed link, or staff. */
  cod_confirmed_via: 'email' | 'staff' | null;
  /** 1: priced with GST inside its prices; 0: GST added on top (the specification's). Kept whatever the setting says later. */
  prices_include_gst: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface OrderItemTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string;
  name: string;
  image: string;
  /** The variant as ordered; null on lines from before variants ('' colour: none named). */
  color: string | null;
  sku: string | null;
  size: string;
  quantity: number;
  /** Unit price when ordered, paise. */
  price: number;
  /** HSN code and GST rate (percent) the line was taxed at; no HSN on lines from before invoices. */
  hsn: string | null;
  gst_rate: Generated<number>;
}

/**
 * A line of an order that holds its pieces unpaid or unshipped (an online order awaiting its
 * payment, a cash order not shipped), with the holders the holding limits bound: what every
 * order counts before it is placed. Removed once the order is paid, shipped or cancelled.
 */
export interface OrderHoldTable {
  order_id: string;
  position: number;
  product_id: string;
  /** The variant's colour ('' when the product names none). */
  color: string;
  size: string;
  quantity: number;
  user_id: string;
  client_address: string | null;
  client_network: string | null;
}

export interface OrderEventTable {
  id: string;
  order_id: string;
  status: string;
  note: string | null;
  actor_id: string | null;
  created_at: string;
}

export interface PaymentTable {
  id: string;
  order_id: string;
  provider: string;
  provider_order_id: string;
  provider_payment_id: string | null;
  amount: number;
  currency: string;
  status: 'created' | 'paid' | 'failed' | 'refunded';
  failure_reason: string | null;
  refund_id: string | null;
  /** The order's id on the one payment that holds (or is making) its provider order; null on older rows. */
  claimed_order_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A capture the order did not need, refunded once; `refund_id` is null until the provider refunds it. */
export interface StrayPaymentTable {
  provider_payment_id: string;
  payment_id: string;
  order_id: string;
  amount: number;
  refund_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventTable {
  event_id: string;
  event: string;
  received_at: string;
}

/** One staff change: who made it, to what, and a line describing it. */
export interface AuditEventTable {
  id: string;
  actor_id: string | null;
  entity_type: 'product' | 'order' | 'coupon' | 'message' | 'delivery';
  entity_id: string;
  action: string;
  summary: string;
  created_at: string;
}

/** The outbox: one message the shop sends, and once sent, what was sent. */
export interface MessageTable {
  id: string;
  template: string;
  recipient: string;
  /** JSON of the template's data. */
  data: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  /** When a queued message is due (ISO text). */
  next_attempt_at: string;
  /** When a worker took it to send (status `sending`). */
  claimed_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  user_id: string | null;
  order_id: string | null;
  /** The message this one is a copy of. */
  resent_from: string | null;
  created_at: string;
}

/** The row readiness rewrites to prove the database takes writes. */
export interface HealthProbeTable {
  id: number;
  checked_at: string;
}

/** The seller every tax invoice names (one row, id 1). */
export interface SellerDetailsTable {
  id: number;
  legal_name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  pin_code: string;
  state_code: string;
  gstin: string;
  invoice_prefix: string;
  credit_note_prefix: string;
  /** Where the business operates from, as the seller page shows it. */
  operating_address: Generated<string>;
  contact_email: Generated<string>;
  contact_phone: Generated<string>;
  grievance_officer_name: Generated<string>;
  grievance_officer_designation: Generated<string>;
  grievance_officer_email: Generated<string>;
  grievance_officer_phone: Generated<string>;
  updated_at: string;
}

/** A category's HSN code and GST rate (percent), as staff set them. */
export interface CategoryTaxTable {
  category_id: string;
  hsn: string;
  gst_rate: number;
  updated_at: string;
}

/** The last number given in a document series in a financial year. */
export interface DocumentSequenceTable {
  series: string;
  financial_year: string;
  last_number: number;
}

/** A tax invoice or credit note as issued; `snapshot` is the JSON of everything it prints. */
export interface TaxDocumentTable {
  id: string;
  order_id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  series: string;
  financial_year: string;
  sequence: number;
  issued_at: string;
  snapshot: string;
}

/** The owner's settings: one row, id 1. Amounts in paise. */
export interface ShopSettingsTable {
  id: number;
  free_shipping_threshold: number | null;
  cod_max_order_value: number;
  cod_max_open_orders: number;
  /** Pieces at or below which a variant is low, unless its product sets its own. */
  low_stock_threshold: ColumnType<number, number | undefined, number>;
  /** Hours a cash order has to be confirmed before it is cancelled (and held from shipping till then); null: off. */
  cod_confirm_hours: number | null;
  /** Days after delivery a return may be asked for. */
  return_window_days: ColumnType<number, number | undefined, number>;
  /** 1: a return may ask for another size of the same colour instead of a refund. */
  allow_size_exchanges: ColumnType<number, number | undefined, number>;
  /** 0/1: prices are entered and shown inclusive of GST (migration 027); 0 is the specification's. */
  prices_include_gst: Generated<number>;
  updated_at: string;
}

/** An inclusive range of PIN codes the shop delivers to (a single code: pin_from = pin_to). */
export interface ServiceablePinTable {
  id: string;
  pin_from: number;
  pin_to: number;
  /** 0/1: whether cash on delivery is taken there. */
  cod_allowed: number;
  created_at: string;
}

/** A courier's tracking-link template: `{awb}` where the number goes; empty: no link. */
export interface CourierSettingTable {
  courier: Courier;
  tracking_url_template: string;
  updated_at: string;
}

/** The owner's delivery-attempt and return-to-origin settings: one row, id 1. */
export interface ShipmentSettingsTable {
  id: number;
  max_delivery_attempts: number;
  /** Percent; null: cash on delivery is never turned off by returns. */
  rto_cod_threshold_percent: number | null;
  rto_cod_min_orders: number;
  updated_at: string;
}

/** A shipped order's parcel. */
export interface ShipmentTable {
  id: string;
  order_id: string;
  courier: Courier;
  awb: string;
  status: ShipmentStatus;
  failed_attempts: number;
  pin_code: string;
  /** The shopper's request for another attempt after a failed one, and the phone to call. */
  reattempt_phone: string | null;
  reattempt_requested_at: string | null;
  shipped_by: string | null;
  shipped_at: string;
  last_event_at: string;
  updated_at: string;
}

/** What happened to a parcel, known by its key (taken once). */
export interface ShipmentEventTable {
  id: string;
  shipment_id: string;
  event_key: string;
  kind: ShipmentEventKind;
  reason: string | null;
  location: string | null;
  occurred_at: string;
  source: 'staff' | 'webhook' | 'csv';
  actor_id: string | null;
  created_at: string;
}

/** A complaint to the grievance officer; its ticket link carries `access_key` (unguessable). */
export interface ComplaintTable {
  id: string;
  ticket_number: string;
  access_key: string;
  user_id: string | null;
  name: string;
  email: string;
  phone: string | null;
  topic: string;
  order_number: string | null;
  status: 'open' | 'acknowledged' | 'resolved';
  created_at: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
  updated_at: string;
}

/** One entry of a complaint's thread: the complaint itself, or a step staff took. */
export interface ComplaintMessageTable {
  id: string;
  complaint_id: string;
  author: 'shopper' | 'staff';
  kind: 'complaint' | 'acknowledgement' | 'reply' | 'resolution';
  body: string;
  actor_id: string | null;
  created_at: string;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  catalog_state: CatalogStateTable;
  catalogue_stock_changes: CatalogueStockChangeTable;
  product_variants: ProductVariantTable;
  product_images: ProductImageTable;
  product_colors: ProductColorTable;
  product_tags: ProductTagTable;
  app_meta: AppMetaTable;
  users: UserTable;
  addresses: AddressTable;
  identities: IdentityTable;
  account_tokens: AccountTokenTable;
  coupons: CouponTable;
  coupon_categories: CouponCategoryTable;
  coupon_redemptions: CouponRedemptionTable;
  carts: CartTable;
  cart_items: CartItemTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_holds: OrderHoldTable;
  order_events: OrderEventTable;
  payments: PaymentTable;
  stray_payments: StrayPaymentTable;
  payment_events: PaymentEventTable;
  audit_events: AuditEventTable;
  health_probe: HealthProbeTable;
  messages: MessageTable;
  seller_details: SellerDetailsTable;
  category_taxes: CategoryTaxTable;
  document_sequences: DocumentSequenceTable;
  tax_documents: TaxDocumentTable;
  shop_settings: ShopSettingsTable;
  serviceable_pins: ServiceablePinTable;
  courier_settings: CourierSettingTable;
  shipment_settings: ShipmentSettingsTable;
  shipments: ShipmentTable;
  shipment_events: ShipmentEventTable;
  complaints: ComplaintTable;
  complaint_messages: ComplaintMessageTable;
  returns: ReturnTable;
  return_lines: ReturnLineTable;
  return_events: ReturnEventTable;
  return_credit_notes: ReturnCreditNoteTable;
  home_deals: HomeDealTable;
  home_testimonials: HomeTestimonialTable;
  home_feature: HomeFeatureTable;
}

/** A deal staff run on the home page; `sample` (0/1): seeded for the demo, renewed there once ended. */
export interface HomeDealTable {
  id: string;
  title: string;
  discount_text: string;
  image: string | null;
  link: string;
  starts_at: string;
  ends_at: string;
  sample: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** A customer's words staff enter for the home page; `sample` (0/1): not a real customer's, and shown so. */
export interface HomeTestimonialTable {
  id: string;
  name: string;
  role: ColumnType<string, string | undefined, string>;
  text: string;
  rating: number;
  photo: string | null;
  sample: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** One row (id 1): the product the specials banner features. */
export interface HomeFeatureTable {
  id: number;
  product_id: string | null;
  updated_at: string;
}

export interface ReturnTable {
  id: string;
  /** "<order number>-R1": the shopper's and staff's name for it. */
  number: string;
  order_id: string;
  user_id: string;
  status: ReturnStatus;
  reason: ReturnReason;
  details: string;
  /** JSON array of uploaded photo paths. */
  photos: string;
  /** 1: another size instead of a refund. */
  exchange: number;
  refund_method: 'source' | 'upi' | 'bank';
  upi_id: string | null;
  account_name: string | null;
  account_number: string | null;
  ifsc: string | null;
  decision_reason: string | null;
  pickup_courier: Courier | null;
  pickup_awb: string | null;
  /** What the refund pays (paise), fixed when it is first claimed. */
  refund_amount: number | null;
  /** JSON of core's `ReturnedUnits`: what the refund and its credit note cover, fixed with the amount. */
  refund_units: string | null;
  /** The idempotency key the provider knows this refund by; the same on every retry. */
  refund_key: string | null;
  /** While a refund is under way (a claim older than a provider call is stale). */
  refund_claimed_at: string | null;
  refund_reference: string | null;
  refunded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnLineTable {
  id: string;
  return_id: string;
  /** The order line's position. */
  position: number;
  quantity: number;
  exchange_size: string | null;
  inspection: 'restock' | 'write_off' | null;
}

export interface ReturnEventTable {
  id: string;
  return_id: string;
  status: ReturnStatus;
  note: string | null;
  actor_id: string | null;
  created_at: string;
}

/** A return's credit note: numbered in the credit note series, against the order's invoice. */
export interface ReturnCreditNoteTable extends Omit<TaxDocumentTable, 'kind'> {
  return_id: string;
}
