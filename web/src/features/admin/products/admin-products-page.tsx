/** Staff products: searchable, paginated table with bulk stock edit. */
export function AdminProductsPage() {
  return <h1>Products</h1>;
}

/** Create (no :id) or edit a product. */
export function AdminProductEditPage() {
  return <h1>Product</h1>;
}
