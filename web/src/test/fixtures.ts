import type { Address, Product, ProductPage, ProductSummary, User } from '@shop/core';

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
    addresses: [],
    shippingAddress: null,
    ...overrides,
  };
}
