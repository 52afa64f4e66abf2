/**
 * The staff products table: the same markup in three layouts. From `xl` up it is a table. On
 * phones each row stacks as a card, so nothing scrolls sideways at 375 px. Between them (tablets,
 * and a laptop once the staff sidebar takes its room) a table's six columns do not fit and
 * squeezed the stock to one input per line, 5,862 px for 20 products at 768 px; there each row is
 * a compact grid with aligned columns: the picture, the product with its price and status, the
 * stock inputs side by side, and the actions.
 */
import { colorName, type AdminProductRow } from '@shop/core';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { focusOutlineClass } from '../../../components/form-field.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { ColumnHeads, type Column } from '../shared/column-heads.tsx';
import { Badge } from '../shared/status-badge.tsx';
import { FieldMessage } from '../shared/form-controls.tsx';
import { stockKey, type StockEdit, type StockEdits } from './stock-edits.ts';

interface ProductTableProps {
  rows: readonly AdminProductRow[];
  edits: StockEdits;
  /** Messages for invalid stock edits, by `stockKey`. */
  stockErrors: Readonly<Record<string, string>>;
  onStockChange: (edit: StockEdit) => void;
  onToggleVisibility: (row: AdminProductRow) => void;
  /** Products whose hide/unhide is on its way. */
  busyIds: ReadonlySet<string>;
}

const cell = 'block xl:table-cell xl:border-b xl:border-line xl:px-3 xl:py-3 xl:align-middle';
const productColumns: Column[] = [
  { label: 'Image', srOnly: true },
  'Product',
  'Price',
  'Stock per size',
  'Status',
  { label: 'Actions', srOnly: true },
];

export function ProductTable({
  rows,
  edits,
  stockErrors,
  onStockChange,
  onToggleVisibility,
  busyIds,
}: ProductTableProps) {
  return (
    // A narrow desktop column scrolls the table inside its box, never the page.
    <div className="xl:overflow-x-auto">
      <table className="block w-full text-sm xl:table">
        <thead className="sr-only xl:not-sr-only xl:table-header-group">
          <tr className="text-left text-xs tracking-wide text-muted uppercase">
            <ColumnHeads columns={productColumns} className="xl:px-3 xl:pb-2 xl:font-medium" />
          </tr>
        </thead>
        <tbody className="block space-y-3 md:space-y-2 xl:table-row-group xl:space-y-0">
          {rows.map((row) => {
            const dirty = row.sizes.some((s) => edits[stockKey(row._id, s.size)] !== undefined);
            return (
              <tr
                key={row._id}
                data-dirty={dirty || undefined}
                // The grid's stock column holds five inputs side by side (the apparel sizes);
                // more wrap within it.
                className={`grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-2xl border bg-white p-4 md:grid-cols-[3rem_minmax(0,1fr)_20rem_5.5rem] md:gap-y-1 md:rounded-xl md:p-3 xl:table-row xl:rounded-none xl:border-0 xl:p-0 ${
                  dirty ? 'border-accent/60 xl:bg-accent-soft/40' : 'border-line'
                }`}
              >
                <td className={`${cell} row-span-5 md:row-span-3 xl:w-16`}>
                  <ItemImage src={row.image || undefined} alt="" className="w-14 md:w-12 xl:w-14" />
                </td>
                <td className={`${cell} min-w-0 md:col-start-2 md:row-start-1`}>
                  <p className="font-medium break-words">{row.name}</p>
                  <p className="text-xs text-muted">{row.category}</p>
                </td>
                <td className={`${cell} whitespace-nowrap md:col-start-2 md:row-start-2`}>
                  <span className="text-muted xl:hidden">Price: </span>
                  {formatPrice(row.price)}
                  {row.originalPrice !== null && row.originalPrice > row.price && (
                    <span className="ml-1.5 text-xs text-muted line-through">{formatPrice(row.originalPrice)}</span>
                  )}
                </td>
                <td className={`${cell} md:col-start-3 md:row-span-3 md:row-start-1`}>
                  <StockInputs row={row} edits={edits} errors={stockErrors} onChange={onStockChange} />
                </td>
                <td className={`${cell} col-start-2 flex flex-wrap items-center gap-2 md:row-start-3 xl:col-auto`}>
                  {row.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Hidden</Badge>}
                  {row.colorsWithoutStock.length > 0 && (
                    <Badge tone="warning">No stock: {row.colorsWithoutStock.map(colorName).join(', ')}</Badge>
                  )}
                  {row.missingDeclarations.length > 0 && <Badge tone="warning">Declarations missing</Badge>}
                </td>
                <td className={`${cell} col-start-2 md:col-start-4 md:row-span-3 md:row-start-1 xl:col-auto`}>
                  <div className="flex flex-wrap gap-2 md:flex-col md:items-stretch xl:flex-row xl:flex-nowrap xl:justify-end">
                    <Link
                      to={`/admin/products/${encodeURIComponent(row._id)}`}
                      className={buttonClass('secondary', 'sm')}
                      aria-label={`Edit ${row.name}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className={buttonClass('ghost', 'sm')}
                      aria-label={`${row.isActive ? 'Hide' : 'Unhide'} ${row.name}`}
                      disabled={busyIds.has(row._id)}
                      onClick={() => onToggleVisibility(row)}
                    >
                      {row.isActive ? 'Hide' : 'Unhide'}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function StockInputs({
  row,
  edits,
  errors,
  onChange,
}: {
  row: AdminProductRow;
  edits: StockEdits;
  errors: Readonly<Record<string, string>>;
  onChange: (edit: StockEdit) => void;
}) {
  if (row.sizes.length === 0) return <p className="text-xs text-muted">No sizes</p>;
  return (
    <ul className="flex flex-wrap gap-1 sm:gap-1.5 xl:flex-nowrap" aria-label={`Stock of ${row.name}`}>
      {row.sizes.map(({ size, stock }, index) => {
        const key = stockKey(row._id, size);
        const edit = edits[key];
        // Ids hold no spaces (aria-describedby splits on them); sizes may.
        const id = `stock-${row._id}-${index}`;
        const error = errors[key];
        return (
          <li key={size} className="w-min min-w-14">
            <label htmlFor={id} className="block text-center text-xs font-medium whitespace-nowrap text-muted">
              {size}
            </label>
            <input
              id={id}
              // The visible label is only the size; the name says whose.
              aria-label={`Stock of ${row.name}, size ${size}`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={edit ? edit.text : String(stock)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : edit ? `${id}-was` : undefined}
              onChange={(event) => onChange({ productId: row._id, size, original: stock, text: event.target.value })}
              className={`h-9 w-14 min-w-full rounded-lg border px-2 text-center text-base tabular-nums ${focusOutlineClass} aria-invalid:border-sale sm:text-sm ${
                edit ? 'border-accent bg-accent-soft/50 font-semibold' : 'border-line bg-white'
              }`}
            />
            {edit && !error && (
              <p id={`${id}-was`} className="mt-0.5 text-center text-[11px] text-muted">
                was {stock}
              </p>
            )}
            <FieldMessage id={`${id}-error`} message={error} />
          </li>
        );
      })}
    </ul>
  );
}
