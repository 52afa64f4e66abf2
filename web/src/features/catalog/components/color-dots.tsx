import { colorSwatches } from '@shop/core';

export function swatchFor(color: string): string {
  return colorSwatches[color.toLowerCase()] ?? '#c9c4bd';
}

/** The colours a product comes in, as small dots with an accessible list name. */
export function ColorDots({ colors, size = 'sm' }: { colors: readonly string[]; size?: 'sm' | 'md' }) {
  if (colors.length === 0) return null;
  const dot = size === 'sm' ? 'h-3.5 w-3.5' : 'h-5 w-5';
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={`Colours: ${colors.join(', ')}`}>
      {colors.map((color) => (
        <li key={color}>
          <span
            className={`block ${dot} rounded-full border border-ink/15 shadow-[inset_0_0_0_1px_rgba(255,255,255,0.25)]`}
            style={{ backgroundColor: swatchFor(color) }}
            title={color}
          />
        </li>
      ))}
    </ul>
  );
}
