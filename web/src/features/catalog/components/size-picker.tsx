import type { ProductSize } from '@shop/core';

interface SizePickerProps {
  sizes: readonly ProductSize[];
  selected: string | null;
  onSelect: (size: string) => void;
}

/** Size buttons; sizes out of stock are shown struck through and cannot be chosen. */
export function SizePicker({ sizes, selected, onSelect }: SizePickerProps) {
  if (sizes.length === 0) {
    return <p className="text-sm text-muted">No sizes available for this product.</p>;
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Sizes">
      {sizes.map(({ size, stock }) => {
        const soldOut = stock <= 0;
        const chosen = selected === size;
        return (
          <li key={size}>
            <button
              type="button"
              aria-pressed={chosen}
              disabled={soldOut}
              aria-label={soldOut ? `${size} (sold out)` : size}
              onClick={() => onSelect(size)}
              className={`inline-flex h-11 min-w-12 items-center justify-center rounded-lg border px-3 text-sm font-medium transition-colors ${
                chosen
                  ? 'border-ink bg-ink text-white'
                  : soldOut
                    ? 'cursor-not-allowed border-line bg-sand/40 text-muted/60 line-through'
                    : 'border-line bg-white text-ink hover:border-ink'
              }`}
            >
              {size}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
