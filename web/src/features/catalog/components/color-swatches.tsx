import { colorName } from '@shop/core';
import { useId } from 'react';
import { swatchFor } from './color-dots.tsx';

interface ColorSwatchesProps {
  colors: readonly string[];
  selected: string | null;
  onSelect: (color: string) => void;
  /** Whether some size of a colour is in stock; a colour without any is marked sold out (still choosable: its photos show). */
  inStock: (color: string) => boolean;
}

/**
 * The product's colours as a radio group: one native radio per colour, named by the colour
 * ("Navy"), so arrow keys move between them and screen readers announce "Navy, radio button,
 * 2 of 3". The dot is the radio's picture; the chosen colour's name shows beside the heading.
 */
export function ColorSwatches({ colors, selected, onSelect, inStock }: ColorSwatchesProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium">
        Colour
        {selected && <span className="font-normal text-muted">: {colorName(selected)}</span>}
      </legend>
      <div className="flex flex-wrap gap-2">
        {colors.map((color) => {
          const soldOut = !inStock(color);
          return (
            <label key={color} className="relative cursor-pointer" title={colorName(color)}>
              <input
                type="radio"
                name={name}
                value={color}
                checked={selected === color}
                onChange={() => onSelect(color)}
                className="peer sr-only"
              />
              <span className="sr-only">
                {colorName(color)}
                {soldOut && ' (sold out)'}
              </span>
              {/* 44 px to touch: the ring is the choice, the dot inside it the colour. */}
              <span
                aria-hidden="true"
                className="flex h-11 w-11 items-center justify-center rounded-full border-2 border-transparent transition-colors peer-checked:border-ink peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent hover:border-ink/40 peer-checked:hover:border-ink"
              >
                <span
                  className={`relative block h-8 w-8 overflow-hidden rounded-full border border-ink/15 shadow-[inset_0_0_0_1px_rgba(255,255,255,0.25)] ${soldOut ? 'opacity-50' : ''}`}
                  style={{ backgroundColor: swatchFor(color) }}
                >
                  {soldOut && (
                    <span className="absolute top-1/2 left-1/2 h-px w-10 -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-ink/70" />
                  )}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
