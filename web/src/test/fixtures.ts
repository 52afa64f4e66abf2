import {
  orderTotals,
  couponLabel,
  defaultShopSettings,
  defaultStoreSettings,
  storeTexts,
  returnPolicyText,
  toPaise,
  toRupees,
  type Address,
  type Cart,
  type Deal,
  type HomeCard,
  type HomePage,
  type CartLine,
  type DeliveryAnswerData,
  type Order,
  type PaymentDetails,
  type Product,
  type ProductPage,
  type ProductSummary,
  type PublicCoupon,
  type StoreInfo,
  type TextFacts,
  type User,
} from '@shop/core';

let counter = 0;

export function makeProduct(overrides: Partial<Product> = {}): Product {
  counter += 1;
  const id = overrides._id ?? `p${counter}`;
  const name = overrides.name ?? `Test Shirt ${counter}`;
  return {
    _id: id,
    name,
    title: name,
    description: 'A soft cotton shirt for every day.',
    price: 1199,
    originalPrice: null,
    image: `/images/products/${id}-1.svg`,
    images: [`/images/products/${id}-1.svg`, `/images/products/${id}-2.svg`],
    colors: ['white', 'navy'],
    tags: ['Shirt'],
    category: "Men's clothing",
    categoryId: 'mens-shirts',
    soldOut: false,
    sizes: [],
    variants: [],
    photos: [],
    saleEndsAt: null,
    declarations: {
      genericName: 'Shirt',
      netQuantity: '1 N',
      countryOfOrigin: 'India',
      makerRole: 'manufacturer',
      makerName: 'Kapas Apparel Private Limited',
      makerAddress: '14 Residency Road, Bengaluru, Karnataka 560025',
    },
    gstPercent: 18,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeProductPage(products: ProductSummary[], overrides: Partial<ProductPage> = {}): ProductPage {
  return {
    products,
    page: 1,
    limit: 6,
    total: products.length,
    totalPages: 1,
    ...overrides,
  };
}

export function makeAddress(overrides: Partial<Address> = {}): Address {
  counter += 1;
  return {
    _id: `a${counter}`,
    name: 'Home',
    addressLine1: '12B, MG Road',
    addressLine2: 'Near the park',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560001',
    isDefault: true,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  const firstName = overrides.firstName ?? 'Asha';
  const lastName = overrides.lastName ?? 'Rao';
  return {
    _id: 'u1',
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    email: 'asha@example.com',
    phone: '9876543210',
    role: 'customer',
    emailVerified: true,
    addresses: [],
    shippingAddress: null,
    ...overrides,
  };
}

interface LineOverrides extends Partial<Omit<CartLine, 'product'>> {
  name?: string;
  price?: number;
  categoryId?: string;
}

export function makeCartLine({
  name,
  price = 1199,
  categoryId = 'mens-shirts',
  ...overrides
}: LineOverrides = {}): CartLine {
  counter += 1;
  const productId = overrides.productId ?? `p${counter}`;
  const quantity = overrides.quantity ?? 1;
  return {
    _id: `line${counter}`,
    productId,
    product: {
      _id: productId,
      name: name ?? `Test Shirt ${counter}`,
      price,
      image: `/images/products/${productId}-1.svg`,
      images: [`/images/products/${productId}-1.svg`],
      categoryId,
    },
    color: 'white',
    sku: `KP-TES-WHI-M-${counter}`,
    size: 'M',
    stock: 10,
    lineTotal: toRupees(toPaise(price) * quantity),
    ...overrides,
    quantity,
  };
}

export function makeCoupon(overrides: Partial<PublicCoupon> = {}): PublicCoupon {
  const coupon: PublicCoupon = {
    code: 'SAVE10',
    discountType: 'percentage',
    value: 10,
    minPurchase: 100,
    buyX: 0,
    getY: 0,
    applicableCategories: [],
    label: '',
    ...overrides,
  };
  return { ...coupon, label: coupon.label || couponLabel(coupon) };
}

/** A cart as the server answers it: item count and totals worked out by core, in rupees. */
export function makeCart(
  items: CartLine[] = [],
  {
    discount = 0,
    coupon = null,
    notice = null,
    pricesIncludeGst = false,
  }: { discount?: number; coupon?: PublicCoupon | null; notice?: string | null; pricesIncludeGst?: boolean } = {},
): Cart {
  const totals = orderTotals(
    items.map((line) => ({
      productId: line.productId,
      categoryId: line.product.categoryId,
      price: toPaise(line.product.price),
      quantity: line.quantity,
    })),
    toPaise(discount),
    { ...defaultStoreSettings, pricesIncludeGst },
  );
  return {
    items,
    itemCount: items.reduce((sum, line) => sum + line.quantity, 0),
    totals: {
      subtotal: toRupees(totals.subtotal),
      discountAmount: toRupees(totals.discountAmount),
      shipping: toRupees(totals.shipping),
      gst: toRupees(totals.gst),
      total: toRupees(totals.total),
      gstIncluded: totals.gstIncluded,
    },
    coupon,
    notice,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  counter += 1;
  const address = {
    name: 'Home',
    addressLine1: '12B, MG Road',
    addressLine2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560001',
    country: 'India',
    phone: '9876543210',
  };
  return {
    _id: `o${counter}`,
    orderNumber: `KP-20261121-${String(counter).padStart(4, '0')}`,
    status: 'pending',
    paymentMethod: 'cod',
    paymentStatus: 'cod',
    items: [
      {
        productId: 'oxford',
        name: 'Oxford Shirt',
        image: '/images/products/oxford-1.svg',
        color: 'navy',
        size: 'M',
        sku: 'KP-OXF-NAV-M',
        quantity: 2,
        price: 1199,
        lineTotal: 2398,
      },
    ],
    itemCount: 2,
    totals: { subtotal: 2398, discountAmount: 0, shipping: 10, gst: 434, total: 2842, gstIncluded: false },
    total: 2842,
    coupon: null,
    shippingAddress: address,
    billingAddress: address,
    notes: 'Please deliver between 10am-5pm',
    // An hour ago: within the window in which the shopper may still cancel it.
    createdAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    cancellable: true,
    history: [],
    documents: [],
    ...overrides,
  };
}

export function makePaymentDetails(overrides: Partial<PaymentDetails> = {}): PaymentDetails {
  return {
    key: 'rzp_test_sandbox',
    order: { id: 'order_sandbox_1', amount: 284200, currency: 'INR' },
    sandbox: true,
    orderNumber: 'KP-20261121-0001',
    name: 'KAPAS',
    description: 'Order KP-20261121-0001',
    prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210' },
    themeColor: '#1d1d1f',
    ...overrides,
  };
}

/**
 * What `GET /store` answers for the shop's settings (the defaults, changed by `facts`; amounts
 * in paise as core takes them), its texts written by core as the server writes them.
 */
export function makeStoreInfo(facts: Partial<TextFacts> = {}): StoreInfo {
  const settings = { ...defaultStoreSettings, ...defaultShopSettings, ...facts };
  return {
    shippingFee: toRupees(settings.shippingFee),
    freeShippingThreshold: settings.freeShippingThreshold === null ? null : toRupees(settings.freeShippingThreshold),
    gstPercent: settings.gstPercent,
    codMaxOrderValue: toRupees(settings.codMaxOrderValue),
    codMaxOpenOrders: settings.codMaxOpenOrders,
    lowStockThreshold: settings.lowStockThreshold,
    returnWindowDays: settings.returnWindowDays,
    allowSizeExchanges: settings.allowSizeExchanges,
    pricesIncludeGst: settings.pricesIncludeGst,
    texts: { ...storeTexts(settings), returnPolicy: returnPolicyText(settings) },
  };
}

/** What `GET /delivery/:pin` answers where the shop delivers and takes cash on delivery. */
export function deliversThere({ params }: { params: Record<string, string> }): DeliveryAnswerData {
  const pinCode = params.pin ?? '';
  return { pinCode, serviceable: true, cod: true, message: `Delivers to ${pinCode} · Cash on delivery available` };
}

/** The demo's home page as the API answers it: three sample deals ending in three days, six T-shirts, the overshirt, two testimonials. */
export function makeHomePage(overrides: Partial<HomePage> = {}): HomePage {
  const startsAt = new Date(Date.now() - 3_600_000).toISOString();
  const endsAt = new Date(Date.now() + 259_200_000).toISOString();
  const deal = (n: number, title: string, discountText: string): Deal => ({
    _id: `deal-${n}`,
    title,
    discountText,
    image: null,
    link: `/products?deal=${n}`,
    startsAt,
    endsAt,
    sample: true,
  });
  const card = (n: number): HomeCard => ({
    _id: `tee-${n}`,
    name: `Cotton Tee ${n}`,
    category: "Men's T-Shirts",
    price: 499 + n,
    originalPrice: null,
    image: '/images/products/t-shirt--navy--front.svg',
    soldOut: false,
    almostSoldOut: n === 1,
  });
  return {
    deals: [
      deal(1, 'Spring Sale', '30% OFF'),
      deal(2, 'Summer Breeze', '25% OFF'),
      deal(3, 'Holiday Special', '40% OFF'),
    ],
    dealsEndAt: endsAt,
    heroOffer: { percent: 30, endsAt },
    newArrivals: { tab: 't-shirts', products: [1, 2, 3, 4, 5, 6].map(card), page: 1, total: 8, hasMore: true },
    featured: {
      _id: 'overshirt',
      name: 'Brushed Flannel Overshirt',
      description: 'A warm, brushed cotton flannel.',
      category: "Men's Shirts",
      price: 139,
      originalPrice: 189,
      image: '/images/products/shirt--maroon--front.svg',
      sizes: [
        { size: 'S', inStock: true },
        { size: 'M', inStock: true },
        { size: 'L', inStock: true },
        { size: 'XL', inStock: false },
      ],
    },
    testimonials: [
      { _id: 't1', name: 'Arjun Mehta', role: 'Designer', text: 'Fits well.', rating: 5, photo: null, sample: true },
      { _id: 't2', name: 'Rohan Iyer', role: 'Student', text: 'Breathes.', rating: 4, photo: null, sample: true },
    ],
    ...overrides,
  };
}
