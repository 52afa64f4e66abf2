/** A product's sizes with the stock of each: add, change and remove rows. */
import { flushSync } from 'react-dom';
import { buttonClass } from '../../../components/button.ts';
import { FieldMessage, smallControlClass } from '../shared/form-controls.tsx';
import { sizeRow, type SizeRow } from './product-form.ts';

/** The server's limit (`productCreateBody.sizes`). */
const MAX_SIZES = 12;

interface SizesEditorProps {
  rows: readonly SizeRow[];
  onChange: (rows: SizeRow[]) => void;
  errorFor: (path: string) => string | undefined;
}

export function SizesEditor({ rows, onChange, errorFor }: SizesEditorProps) {
  function update(key: string, changes: Partial<SizeRow>) {
    onChange(rows.map((row) => (row.key === key ? { ...row, ...changes } : row)));
  }

  function addRow() {
    const row = sizeRow();
    flushSync(() => onChange([...rows, row]));
    // Keyboard users carry on typing in the row they asked for.
    document.getElementById(`${row.key}-size`)?.focus();
  }

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium">Sizes and stock</legend>
      <p className="mb-3 text-xs text-muted">One row per size, e.g. S, M, L or 32. Stock is how many are on hand.</p>
      {rows.length === 0 ? (
        <p className="mb-3 text-sm text-muted">No sizes: the product cannot be bought until it has one.</p>
      ) : (
        <ul className="mb-3 space-y-2">
          {rows.map((row, index) => {
            const n = index + 1;
            const sizeId = `${row.key}-size`;
            const stockId = `${row.key}-stock`;
            const sizeError = errorFor(`sizes.${index}.size`);
            const stockError = errorFor(`sizes.${index}.stock`);
            return (
              <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2">
                <div>
                  <label htmlFor={sizeId} className="mb-1 block text-xs text-muted">
                    Size<span className="sr-only"> of row {n}</span>
                  </label>
                  <input
                    id={sizeId}
                    value={row.size}
                    maxLength={20}
                    autoComplete="off"
                    aria-invalid={sizeError ? true : undefined}
                    aria-describedby={sizeError ? `${sizeId}-error` : undefined}
                    onChange={(event) => update(row.key, { size: event.target.value })}
                    className={`${smallControlClass} uppercase`}
                  />
                  <FieldMessage id={`${sizeId}-error`} message={sizeError} />
                </div>
                <div>
                  <label htmlFor={stockId} className="mb-1 block text-xs text-muted">
                    Stock<span className="sr-only"> of row {n}</span>
                  </label>
                  <input
                    id={stockId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={row.stock}
                    aria-invalid={stockError ? true : undefined}
                    aria-describedby={stockError ? `${stockId}-error` : undefined}
                    onChange={(event) => update(row.key, { stock: event.target.value })}
                    className={`${smallControlClass} tabular-nums`}
                  />
                  <FieldMessage id={`${stockId}-error`} message={stockError} />
                </div>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm', 'mt-5 h-10 px-3 text-sale')}
                  aria-label={`Remove size ${row.size.trim() || `row ${n}`}`}
                  onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <FieldMessage message={errorFor('sizes')} />
      <button
        type="button"
        className={buttonClass('secondary', 'sm', 'mt-2')}
        disabled={rows.length >= MAX_SIZES}
        onClick={addRow}
      >
        Add size
      </button>
    </fieldset>
  );
}
