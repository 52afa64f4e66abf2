import { defaultStoreSettings, parsePriceBand, type ProductsPageState, type StoreSettings } from '@shop/core';
import { useId, type ReactNode } from 'react';
import { capitalize, formatPrice } from '../../../lib/format.ts';
import { swatchFor } from './color-dots.tsx';

type FilterKey = 'collection' | 'color' | 'price' | 'tag';

interface FilterPanelProps {
  state: ProductsPageState;
  /** Called with the new value of one group; null clears it. */
  onChange: (key: FilterKey, value: string | null) => void;
  onClearAll: () => void;
  settings?: StoreSettings;
}

export function priceBandLabel(band: string): string {
  const parsed = parsePriceBand(band);
  if (!parsed) return band;
  const short = (rupees: number) => formatPrice(rupees).replace(/\.00$/, '');
  return `${short(parsed.min)} – ${short(parsed.max)}`;
}

export function activeFilterCount(state: ProductsPageState): number {
  return [state.collection !== 'all', state.color, state.price, state.tag].filter(Boolean).length;
}

/**
 * The filter sidebar: one choice per group; choosing the chosen option again clears it.
 * Options are toggle buttons (`aria-pressed`) so the chosen one is announced.
 */
export function FilterPanel({ state, onChange, onClearAll, settings = defaultStoreSettings }: FilterPanelProps) {
  const toggle = (key: Exclude<FilterKey, 'collection'>, value: string) =>
    onChange(key, state[key] === value ? null : value);

  return (
    <div className="space-y-8">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold tracking-[0.18em] uppercase">Filters</h2>
        {activeFilterCount(state) > 0 && (
          <button
            type="button"
            onClick={onClearAll}
            className="rounded-sm text-xs text-muted underline underline-offset-4 hover:text-ink"
          >
            Clear all
          </button>
        )}
      </div>

      <FilterGroup title="Collections">
        {settings.collections.map((collection) => {
          const chosen = state.collection === collection.id;
          return (
            <OptionButton
              key={collection.id}
              pressed={chosen}
              // "All" is the resting state; choosing the chosen collection again goes back to All.
              onClick={() => onChange('collection', chosen ? null : collection.id)}
            >
              {collection.label}
            </OptionButton>
          );
        })}
      </FilterGroup>

      <FilterGroup title="Colour">
        {settings.filterColors.map((color) => (
          <OptionButton key={color} pressed={state.color === color} onClick={() => toggle('color', color)}>
            <span
              className={`h-4 w-4 shrink-0 rounded-full border ${state.color === color ? 'border-white/80' : 'border-ink/20'}`}
              style={{ backgroundColor: swatchFor(color) }}
              aria-hidden="true"
            />
            {capitalize(color)}
          </OptionButton>
        ))}
      </FilterGroup>

      <FilterGroup title="Price">
        {settings.priceBands.map((band) => (
          <OptionButton key={band} pressed={state.price === band} onClick={() => toggle('price', band)}>
            {priceBandLabel(band)}
          </OptionButton>
        ))}
      </FilterGroup>

      <FilterGroup title="Tags">
        {settings.filterTags.map((tag) => (
          <OptionButton key={tag} pressed={state.tag === tag} onClick={() => toggle('tag', tag)}>
            {tag}
          </OptionButton>
        ))}
      </FilterGroup>
    </div>
  );
}

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="border-t border-line pt-6">
      <h3 id={headingId} className="mb-3 text-xs font-semibold tracking-[0.18em] text-muted uppercase">
        {title}
      </h3>
      <ul className="space-y-1">
        {Array.isArray(children) ? children.map((child, i) => <li key={i}>{child}</li>) : <li>{children}</li>}
      </ul>
    </div>
  );
}

function OptionButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm transition-colors ${
        pressed ? 'bg-ink font-medium text-white' : 'text-ink-soft hover:bg-sand'
      }`}
    >
      {children}
    </button>
  );
}
