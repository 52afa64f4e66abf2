import { MinusIcon } from './icons/minus.tsx';
import { PlusIcon } from './icons/plus.tsx';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** What the quantity is of, e.g. "Oxford Shirt, size M"; names the group for screen readers. */
  itemLabel?: string;
  /** `sm` in cart lines, `md` on the product page. */
  size?: 'sm' | 'md';
  /** The most that can be had (0: none at all, which disables both buttons); no limit if absent. */
  max?: number;
}

const sizes = {
  sm: { button: 'h-9 w-9', icon: 14, output: 'min-w-8 px-1' },
  md: { button: 'h-13 w-12', icon: 16, output: 'w-10' },
};

/**
 * Minus and plus around a quantity. Minus is disabled at 1; plus has no limit unless `max` is
 * given (in the cart the server knows the stock, spec §2, §5), and is disabled at it: a sold-out
 * product offers no "+".
 */
export function QuantityStepper({ value, onChange, itemLabel, size = 'md', max }: QuantityStepperProps) {
  const look = sizes[size];
  const button = `inline-flex ${look.button} items-center justify-center text-ink transition-colors hover:bg-sand disabled:cursor-not-allowed disabled:text-muted/40 disabled:hover:bg-transparent`;
  return (
    <div
      className="inline-flex items-center rounded-full border border-line bg-white"
      role="group"
      aria-label={itemLabel ? `Quantity of ${itemLabel}` : 'Quantity'}
    >
      <button
        type="button"
        className={`${button} rounded-l-full`}
        aria-label="Decrease quantity"
        disabled={value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        <MinusIcon size={look.icon} />
      </button>
      <output className={`${look.output} text-center text-sm font-semibold tabular-nums`} aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className={`${button} rounded-r-full`}
        aria-label="Increase quantity"
        disabled={max !== undefined && value >= max}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon size={look.icon} />
      </button>
    </div>
  );
}
