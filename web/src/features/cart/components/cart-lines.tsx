import { variantLabel, type CartLine } from '@shop/core';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { failureText } from '../../../lib/api/failure.ts';
import { formatPrice, variantText } from '../../../lib/format.ts';
import { removeCartItem, updateCartItemQuantity } from '../cart-api.ts';
import { productColorPath } from '../../../lib/product-path.ts';
import { QuantityStepper } from '../../../components/quantity-stepper.tsx';

/** What a line is, in words: "Oxford Shirt, Navy / M" ("Oxford Shirt, size M" without a colour). */
export function lineLabel(line: CartLine): string {
  return `${line.product.name}, ${line.color ? variantLabel(line) : `size ${line.size}`}`;
}

/**
 * The cart's lines as a table: Product, Price, Quantity, Total (spec §2). Below 768 px each
 * row becomes a card; explicit roles keep it a table for assistive technology when CSS
 * changes how the rows are laid out.
 */
export function CartLines({ lines }: { lines: readonly CartLine[] }) {
  const headerCell = 'pb-3 text-left text-xs font-semibold tracking-[0.16em] text-muted uppercase';
  return (
    <table role="table" className="block w-full text-sm md:table">
      <caption className="sr-only">Items in your cart</caption>
      <thead role="rowgroup" className="sr-only md:not-sr-only md:table-header-group">
        <tr role="row" className="border-b border-line">
          <th role="columnheader" scope="col" className={headerCell}>
            Product
          </th>
          <th role="columnheader" scope="col" className={`${headerCell} px-4`}>
            Price
          </th>
          <th role="columnheader" scope="col" className={`${headerCell} px-4`}>
            Quantity
          </th>
          <th role="columnheader" scope="col" className={`${headerCell} text-right`}>
            Total
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="block divide-y divide-line md:table-row-group">
        {lines.map((line) => (
          <CartLineRow key={line._id} line={line} />
        ))}
      </tbody>
    </table>
  );
}

const mobileLabel = 'mb-1 block text-[11px] font-semibold tracking-[0.14em] text-muted uppercase md:hidden';

function CartLineRow({ line }: { line: CartLine }) {
  const dispatch = useAppDispatch();
  const label = lineLabel(line);
  const productUrl = productColorPath(line.productId, line.color || null);
  const short = line.stock < line.quantity;

  async function changeQuantity(quantity: number) {
    try {
      const change = dispatch(updateCartItemQuantity({ itemId: line._id, quantity }));
      // An ignored change (below 1, or a line that is gone) has nothing to say.
      if (!change) return;
      await change.unwrap();
      // One toast for a run of clicks on the stepper: a shown toast with this id is not repeated.
      toast.success('Cart item updated', { autoClose: toastDurations.orders, toastId: 'cart-item-updated' });
    } catch (error) {
      toast.error(failureText(error), { autoClose: toastDurations.orders });
    }
  }

  async function remove() {
    try {
      await dispatch(removeCartItem(line._id)).unwrap();
      toast.info('Item removed', { autoClose: toastDurations.orders });
    } catch (error) {
      toast.error(failureText(error), { autoClose: toastDurations.orders });
    }
  }

  return (
    <tr role="row" className="grid grid-cols-[1fr_auto_1fr] items-end gap-x-3 gap-y-4 py-5 md:table-row md:py-0">
      <td role="cell" className="col-span-3 md:py-5 md:pr-4">
        <div className="flex items-start gap-4">
          <Link to={productUrl} className="shrink-0 rounded-xl" tabIndex={-1} aria-hidden="true">
            <ItemImage src={line.product.image || line.product.images[0]} alt="" className="w-20" />
          </Link>
          <div className="min-w-0 pt-0.5">
            <Link to={productUrl} className="rounded-sm font-medium leading-snug text-ink hover:underline">
              {line.product.name}
            </Link>
            <p className="mt-1 text-xs text-muted">{variantText(line)}</p>
            {short && (
              <p className="mt-1 text-xs font-medium text-sale">
                {line.stock > 0 ? `Only ${line.stock} left in this size` : 'Sold out in this size'}
              </p>
            )}
            <button
              type="button"
              onClick={remove}
              aria-label={`Remove ${label}`}
              className="mt-2 rounded-sm text-xs font-medium text-muted underline underline-offset-4 hover:text-sale"
            >
              Remove
            </button>
          </div>
        </div>
      </td>
      <td role="cell" className="tabular-nums md:px-4 md:py-5">
        <span className={mobileLabel} aria-hidden="true">
          Price
        </span>
        {formatPrice(line.product.price)}
      </td>
      <td role="cell" className="text-center md:px-4 md:py-5 md:text-left">
        <span className={mobileLabel} aria-hidden="true">
          Quantity
        </span>
        <QuantityStepper value={line.quantity} onChange={changeQuantity} itemLabel={label} size="sm" />
      </td>
      <td role="cell" className="text-right font-semibold tabular-nums md:py-5">
        <span className={mobileLabel} aria-hidden="true">
          Total
        </span>
        {formatPrice(line.lineTotal)}
      </td>
    </tr>
  );
}
