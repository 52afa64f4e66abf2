import { MinusIcon, PlusIcon } from '../../../components/icons.tsx';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
}

/** Minus and plus around the quantity; minus is disabled at the minimum (1). */
export function QuantityStepper({ value, onChange, min = 1 }: QuantityStepperProps) {
  const button =
    'inline-flex h-13 w-12 items-center justify-center text-ink transition-colors hover:bg-sand disabled:cursor-not-allowed disabled:text-muted/40 disabled:hover:bg-transparent';
  return (
    <div
      className="inline-flex items-center rounded-full border border-line bg-white"
      role="group"
      aria-label="Quantity"
    >
      <button
        type="button"
        className={`${button} rounded-l-full`}
        aria-label="Decrease quantity"
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <MinusIcon size={16} />
      </button>
      <output className="w-10 text-center text-sm font-semibold tabular-nums" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className={`${button} rounded-r-full`}
        aria-label="Increase quantity"
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
