/**
 * The staff product pages' public entry. Coupons name categories too, so the category list and
 * its ordering for pickers are shared from here.
 */
export { AdminProductsPage } from './admin-products-page.tsx';
export { AdminProductEditPage } from './product-edit-page.tsx';
export { ProductCsvPage } from './product-csv-page.tsx';
export { useListCategoriesQuery, type Category } from './api.ts';
export { categoryOptions, type CategoryOption } from './categories.ts';
