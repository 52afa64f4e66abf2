import { MinusIcon, PlusIcon } from '../../../components/icons.tsx';

interface QuantityControlProps {
  value: number;
  onChange: (value: number) => void;
  /** What the quantity is of, e.g. "Oxford Shirt, size M". */
  itemLabel: string;
}

/**
 * Minus and plus around a cart line's quantity. Minus is disabled at 1; plus has no limit
 * here, the server knows the stock (spec §2, §5).
 */
export function QuantityControl({ value, onChange, itemLabel }: QuantityControlProps) {
  const button =
    'inline-flex h-9 w-9 items-center justify-center text-ink transition-colors hover:bg-sand disabled:cursor-not-allowed disabled:text-muted/40 disabled:hover:bg-transparent';
  return (
    <div
      className="inline-flex items-center rounded-full border border-line bg-white"
      role="group"
      aria-label={`Quantity of ${itemLabel}`}
    >
      <button
        type="button"
        className={`${button} rounded-l-full`}
        aria-label="Decrease quantity"
        disabled={value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon size={14} />
      </button>
      <output className="min-w-8 px-1 text-center text-sm font-semibold tabular-nums" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className={`${button} rounded-r-full`}
        aria-label="Increase quantity"
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon size={14} />
      </button>
    </div>
  );
}
