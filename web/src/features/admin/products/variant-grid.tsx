/**
 * The variant grid on the staff product page: colours as rows, sizes as columns, and in each
 * cell the variant's stock, SKU and (when shown) its own price and original price. Staff edit
 * any number of cells, add or remove colours and sizes, and save the whole grid in one call.
 * The colour column stays in place while a wide grid scrolls sideways inside its box.
 */
import { colorName, colorSwatches, variantKeyOf, variantLabel, type AdminProductDetail } from '@shop/core';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { focusOutlineClass, FormAlert } from '../../../components/form-field.tsx';
import { issuesOf } from '../shared/form-support.ts';
import { CheckboxLabel, FieldMessage } from '../shared/form-controls.tsx';
import { failureText, notifyFailure, notifySuccess } from '../shared/notify.ts';
import { Badge } from '../shared/status-badge.tsx';
import { useSaveVariantGridMutation } from './api.ts';
import {
  cellKeyOfIssue,
  cellOf,
  GRID_LIMITS,
  gridBodyFrom,
  gridFrom,
  gridRows,
  withCell,
  withColor,
  withoutColor,
  withoutSize,
  withRowStock,
  withSize,
  type CellEdit,
  type GridEdit,
} from './variant-grid-state.ts';

type StaffProduct = AdminProductDetail['product'];

// The cells' own inputs: smaller than the form's, one height each (never two height classes at once).
const cellControl = `rounded-lg border border-line bg-white px-2 text-ink transition-colors hover:border-ink/30 ${focusOutlineClass} aria-invalid:border-sale`;
const stockControl = `${cellControl} h-9 w-full text-center text-base font-semibold tabular-nums sm:text-sm`;
const smallCellControl = `${cellControl} h-8 w-full text-base sm:text-xs`;
// The form's controls above and below the grid, each as wide as its class says.
const fieldControl = `h-10 rounded-lg border border-line bg-white px-3 text-base text-ink transition-colors hover:border-ink/30 ${focusOutlineClass} aria-invalid:border-sale sm:text-sm`;
const shopColors = Object.keys(colorSwatches);

export function VariantGrid({ product }: { product: StaffProduct }) {
  const [saveVariantGrid] = useSaveVariantGridMutation();
  const [grid, setGrid] = useState<GridEdit>(() => gridFrom(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [showPrices, setShowPrices] = useState(() => product.variants.some((v) => v.price !== null));
  const [newColor, setNewColor] = useState('');
  const [newSize, setNewSize] = useState('');
  const [fill, setFill] = useState<Record<string, string>>({});
  const rows = gridRows(grid);
  const addable = shopColors.filter((c) => !grid.colors.includes(c));

  function edit(next: GridEdit, clear?: string) {
    setGrid(next);
    if (clear) setErrors(({ [clear]: _gone, ...rest }) => rest);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = gridBodyFrom(grid);
    if (!result.ok) {
      setErrors(result.errors);
      setFailure('Fix the marked cells to save.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveVariantGrid({ id: product._id, body: result.body }).unwrap();
      setGrid(gridFrom(saved.product));
      setFill({});
      notifySuccess('Variants saved');
    } catch (error) {
      const byCell: Record<string, string> = {};
      for (const issue of issuesOf(error)) {
        const key = cellKeyOfIssue(result.body, issue.path);
        if (key) byCell[key] = issue.message;
      }
      setErrors(byCell);
      setFailure(failureText(error, 'Could not save the variants.'));
      notifyFailure(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={save}
      noValidate
      aria-busy={saving}
      aria-labelledby="variant-grid-title"
      className="rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="variant-grid-title" className="text-lg font-semibold">
            Variants
          </h2>
          <p className="text-xs text-muted">
            Colours in rows, sizes in columns: the stock, SKU and price of each. An empty SKU is made for you; an empty
            price is the product&apos;s.
          </p>
        </div>
        <CheckboxLabel label="Prices per variant" checked={showPrices} onChange={setShowPrices} />
      </div>

      <div className="mb-4 flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor="grid-new-color" className="mb-1 block text-xs text-muted">
              Colour
            </label>
            <select
              id="grid-new-color"
              value={newColor}
              onChange={(e) => setNewColor(e.target.value)}
              disabled={addable.length === 0 || grid.colors.length >= GRID_LIMITS.colors}
              className={`${fieldControl} w-40`}
            >
              <option value="">Choose a colour</option>
              {addable.map((c) => (
                <option key={c} value={c}>
                  {colorName(c)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className={buttonClass('secondary', 'sm', 'h-10')}
            disabled={!newColor}
            onClick={() => {
              edit(withColor(grid, newColor));
              setNewColor('');
            }}
          >
            Add colour
          </button>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor="grid-new-size" className="mb-1 block text-xs text-muted">
              Size
            </label>
            <input
              id="grid-new-size"
              value={newSize}
              maxLength={20}
              autoComplete="off"
              placeholder="e.g. XL or 32"
              onChange={(e) => setNewSize(e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                edit(withSize(grid, newSize));
                setNewSize('');
              }}
              className={`${fieldControl} w-32 uppercase placeholder:normal-case`}
            />
          </div>
          <button
            type="button"
            className={buttonClass('secondary', 'sm', 'h-10')}
            disabled={!newSize.trim() || grid.sizes.length >= GRID_LIMITS.sizes}
            onClick={() => {
              edit(withSize(grid, newSize));
              setNewSize('');
            }}
          >
            Add size
          </button>
        </div>
      </div>

      {grid.sizes.length === 0 ? (
        <p className="mb-4 text-sm text-muted">No sizes: add one to sell the product.</p>
      ) : (
        <div className="-mx-4 mb-4 overflow-x-auto border-y border-line sm:mx-0 sm:rounded-xl sm:border">
          <table className="w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">Stock, SKU and price of each colour and size</caption>
            <thead>
              <tr className="bg-sand/40 text-left text-xs tracking-wide text-muted uppercase">
                <th
                  scope="col"
                  className="sticky left-0 z-10 min-w-44 border-b border-line bg-sand px-3 py-2 font-medium"
                >
                  Colour
                </th>
                {grid.sizes.map((size) => (
                  <th
                    key={size}
                    scope="col"
                    className={`${showPrices ? 'min-w-44' : 'min-w-32'} border-b border-l border-line bg-sand px-2 py-2 font-medium`}
                  >
                    <span className="flex items-center justify-between gap-1">
                      <span className="text-sm font-semibold text-ink normal-case">{size}</span>
                      <button
                        type="button"
                        className="rounded px-1.5 text-base leading-none text-muted hover:text-sale"
                        aria-label={`Remove size ${size}`}
                        onClick={() => edit(withoutSize(grid, size))}
                      >
                        ×
                      </button>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((color) => {
                const empty = grid.sizes.every((size) => Number(cellOf(grid, color, size).stock) === 0);
                const rowName = color === '' ? 'every size' : colorName(color);
                return (
                  <tr key={color} className="align-top">
                    <th
                      scope="row"
                      className="sticky left-0 z-10 border-b border-line bg-white px-3 py-2 text-left font-normal"
                    >
                      <span className="flex items-center gap-2">
                        {color !== '' && (
                          <span
                            aria-hidden="true"
                            className="h-4 w-4 shrink-0 rounded-full ring-1 ring-ink/15"
                            style={{ backgroundColor: colorSwatches[color] }}
                          />
                        )}
                        <span className="font-semibold">{color === '' ? 'No colour' : colorName(color)}</span>
                      </span>
                      {empty && rows.length > 1 && (
                        <span className="mt-1 block">
                          <Badge tone="warning">No stock yet</Badge>
                        </span>
                      )}
                      <span className="mt-2 flex flex-wrap items-center gap-1">
                        <input
                          type="number"
                          inputMode="numeric"
                          min={0}
                          step={1}
                          value={fill[color] ?? ''}
                          placeholder="Qty"
                          aria-label={`Stock for every size of ${rowName}`}
                          onChange={(e) => setFill({ ...fill, [color]: e.target.value })}
                          className={`${cellControl} h-9 w-16 shrink-0 text-center text-base tabular-nums sm:text-sm`}
                        />
                        <button
                          type="button"
                          className={buttonClass('ghost', 'sm', 'h-9 px-2')}
                          disabled={!fill[color]?.trim()}
                          aria-label={`Fill every size of ${rowName}`}
                          onClick={() => edit(withRowStock(grid, color, fill[color]!.trim()))}
                        >
                          Fill
                        </button>
                        {color !== '' && (
                          <button
                            type="button"
                            className={buttonClass('ghost', 'sm', 'h-9 px-2 text-sale')}
                            aria-label={`Remove colour ${colorName(color)}`}
                            onClick={() => edit(withoutColor(grid, color))}
                          >
                            Remove
                          </button>
                        )}
                      </span>
                    </th>
                    {grid.sizes.map((size) => {
                      const key = variantKeyOf({ color, size });
                      return (
                        <VariantCell
                          key={size}
                          id={`cell-${rows.indexOf(color)}-${grid.sizes.indexOf(size)}`}
                          label={variantLabel({ color, size })}
                          cell={cellOf(grid, color, size)}
                          error={errors[key]}
                          showPrices={showPrices}
                          onChange={(changes) => edit(withCell(grid, color, size, changes), key)}
                        />
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <FieldMessage message={errors.sizes} />

      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <label htmlFor="grid-low-stock" className="mb-1 block text-sm font-medium">
            Low stock at <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id="grid-low-stock"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={grid.lowStockThreshold}
            placeholder="The shop's"
            aria-invalid={errors.lowStockThreshold ? true : undefined}
            aria-describedby="grid-low-stock-hint"
            onChange={(e) => edit({ ...grid, lowStockThreshold: e.target.value }, 'lowStockThreshold')}
            className={`${fieldControl} w-36 tabular-nums`}
          />
          <p id="grid-low-stock-hint" className="mt-1 text-xs text-muted">
            Pieces at or below which a variant is low; empty: the shop&apos;s threshold.
          </p>
          <FieldMessage message={errors.lowStockThreshold} />
        </div>
        <div className="w-full sm:w-auto">
          <FormAlert message={failure} />
          <button type="submit" className={buttonClass('primary', 'md', 'mt-2 w-full sm:w-auto')} disabled={saving}>
            {saving ? 'Saving…' : 'Save variants'}
          </button>
        </div>
      </div>
    </form>
  );
}

/** The fields of a cell staff type in, as text. */
type CellField = 'stock' | 'sku' | 'price' | 'originalPrice';

/** Each field's input: what it is called ("Stock of Navy / M"), what it takes, and how it looks. */
const cellFields: Record<
  CellField,
  { label: (variant: string) => string; input: InputHTMLAttributes<HTMLInputElement>; className: string }
> = {
  stock: {
    label: (variant) => `Stock of ${variant}`,
    input: { type: 'number', inputMode: 'numeric', min: 0, step: 1 },
    className: stockControl,
  },
  sku: {
    label: (variant) => `SKU of ${variant}`,
    input: { maxLength: 40, autoComplete: 'off', spellCheck: false, placeholder: 'SKU: made for you' },
    className: `${smallCellControl} font-mono uppercase placeholder:font-sans placeholder:normal-case`,
  },
  price: {
    label: (variant) => `Price of ${variant} (₹)`,
    input: { type: 'number', inputMode: 'decimal', min: 1, step: 0.01, placeholder: 'Price ₹' },
    className: `${smallCellControl} tabular-nums`,
  },
  originalPrice: {
    label: (variant) => `Original price of ${variant} (₹)`,
    input: { type: 'number', inputMode: 'decimal', min: 0, step: 0.01, placeholder: 'Was ₹' },
    className: `${smallCellControl} tabular-nums`,
  },
};

/**
 * One variant's cell: its stock, SKU and (when shown) prices, each field one input of
 * `cellFields`. Shaded where staff changed the stock, and red with the message of a problem.
 */
function VariantCell({
  id,
  label,
  cell,
  error,
  showPrices,
  onChange,
}: {
  id: string;
  label: string;
  cell: CellEdit;
  error: string | undefined;
  showPrices: boolean;
  onChange: (changes: Partial<CellEdit>) => void;
}) {
  const changed = cell.stockWas === undefined || String(cell.stockWas) !== cell.stock.trim();
  const field = (name: CellField, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      {...cellFields[name].input}
      {...extra}
      value={cell[name]}
      aria-label={cellFields[name].label(label)}
      onChange={(e) => onChange({ [name]: e.target.value })}
      className={cellFields[name].className}
    />
  );
  return (
    <td
      className={`border-b border-l border-line px-2 py-2 ${error ? 'bg-sale/5' : changed ? 'bg-accent-soft/40' : ''}`}
    >
      <div className="space-y-1.5">
        {field('stock', {
          id: `${id}-stock`,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
        {field('sku')}
        {showPrices && (
          <div className="grid grid-cols-2 gap-1">
            {field('price')}
            {field('originalPrice')}
          </div>
        )}
        <FieldMessage id={`${id}-error`} message={error} />
      </div>
    </td>
  );
}
