import {
  defaultStoreSettings,
  parsePriceBand,
  type ProductFacets,
  type ProductsPageState,
  type StoreSettings,
} from '@shop/core';
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
  /** Counts of the list shown, when the server sent them: "Navy (124)", none-left options disabled. */
  facets?: ProductFacets | undefined;
}

/** An option's count in a facet group; undefined while no counts are known. */
function countIn(group: ProductFacets[keyof ProductFacets] | undefined, value: string): number | undefined {
  if (!group) return undefined;
  return group.find((f) => f.value === value)?.count ?? 0;
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
export function FilterPanel({
  state,
  onChange,
  onClearAll,
  settings = defaultStoreSettings,
  facets,
}: FilterPanelProps) {
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
              count={countIn(facets?.collections, collection.id)}
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
          <OptionButton
            key={color}
            pressed={state.color === color}
            count={countIn(facets?.colors, color)}
            onClick={() => toggle('color', color)}
          >
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
          <OptionButton
            key={band}
            pressed={state.price === band}
            count={countIn(facets?.priceBands, band)}
            onClick={() => toggle('price', band)}
          >
            {priceBandLabel(band)}
          </OptionButton>
        ))}
      </FilterGroup>

      <FilterGroup title="Tags">
        {settings.filterTags.map((tag) => (
          <OptionButton
            key={tag}
            pressed={state.tag === tag}
            count={countIn(facets?.tags, tag)}
            onClick={() => toggle('tag', tag)}
          >
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

interface OptionButtonProps {
  pressed: boolean;
  /** How many products choosing it would show; an option with none is disabled (unless chosen). */
  count?: number | undefined;
  onClick: () => void;
  children: ReactNode;
}

function OptionButton({ pressed, count, onClick, children }: OptionButtonProps) {
  const empty = count === 0 && !pressed;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={empty}
      onClick={onClick}
      className={`flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm transition-colors ${
        pressed
          ? 'bg-ink font-medium text-white'
          : empty
            ? 'cursor-not-allowed text-muted/60'
            : 'text-ink-soft hover:bg-sand'
      }`}
    >
      {children}
      {/* A space of its own keeps the accessible name "Navy (124)", not "Navy(124)". */}
      {count !== undefined && ' '}
      {count !== undefined && (
        <span className={`ml-auto text-xs tabular-nums ${pressed ? 'text-white/80' : 'text-muted'}`}>
          ({count.toLocaleString('en-IN')})
        </span>
      )}
    </button>
  );
}
