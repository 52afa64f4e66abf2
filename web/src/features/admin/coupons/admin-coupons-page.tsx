/** Staff coupons: list, create, edit, deactivate. */
export function AdminCouponsPage() {
  return <h1>Coupons</h1>;
}
