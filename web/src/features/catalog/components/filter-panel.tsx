import {
  compareSizes,
  defaultStoreSettings,
  parsePriceBand,
  type FacetCount,
  type ProductFacets,
  type ProductsPageState,
  type StoreSettings,
} from '@shop/core';
import { useId, type ReactNode } from 'react';
import { capitalize, formatPrice } from '../../../lib/format.ts';
import { swatchFor } from './color-dots.tsx';

type FilterKey = 'collection' | 'color' | 'size' | 'price' | 'tag' | 'origin';

interface FilterPanelProps {
  state: ProductsPageState;
  /** Called with the new value of one group; null clears it. */
  onChange: (key: FilterKey, value: string | null) => void;
  /** The "In stock only" switch turned on or off. */
  onInStockChange: (inStock: boolean) => void;
  onClearAll: () => void;
  settings?: StoreSettings;
  /** Counts of the list shown, when the server sent them: "Navy (124)", none-left options disabled. */
  facets?: ProductFacets | undefined;
}

/** An option's count in a facet group; undefined while no counts are known. */
function countIn(group: FacetCount[] | undefined, value: string): number | undefined {
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
  return [
    state.collection !== 'all',
    state.color,
    state.size,
    state.price,
    state.tag,
    state.origin,
    state.inStock,
  ].filter(Boolean).length;
}

/**
 * The sizes offered: those some product of the list has in stock (in the colour chosen), small
 * to large as the server sends them, and the chosen one even when none is left, so it can be cleared.
 */
export function sizeOptions(state: ProductsPageState, facets: ProductFacets | undefined): string[] {
  const sizes = (facets?.sizes ?? []).map((f) => f.value);
  if (state.size && !sizes.includes(state.size)) return [...sizes, state.size].sort(compareSizes);
  return sizes;
}

/** The countries offered: those of the list's products, A to Z, and the chosen one even when none is left. */
export function originOptions(state: ProductsPageState, facets: ProductFacets | undefined): string[] {
  const origins = (facets?.origins ?? []).map((f) => f.value);
  const chosen = state.origin;
  if (chosen && !origins.some((o) => o.toLowerCase() === chosen.toLowerCase())) return [...origins, chosen];
  return origins;
}

/**
 * The filter sidebar: one choice per group; choosing the chosen option again clears it.
 * Options are toggle buttons (`aria-pressed`) so the chosen one is announced.
 */
export function FilterPanel({
  state,
  onChange,
  onInStockChange,
  onClearAll,
  settings = defaultStoreSettings,
  facets,
}: FilterPanelProps) {
  const toggle = (key: Exclude<FilterKey, 'collection'>, value: string) =>
    onChange(key, state[key] === value ? null : value);
  const sizes = sizeOptions(state, facets);

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

      <InStockSwitch on={state.inStock} onChange={onInStockChange} />

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

      {sizes.length > 0 && (
        <FilterGroup title="Size" columns={2}>
          {sizes.map((size) => (
            <OptionButton
              key={size}
              pressed={state.size === size}
              count={countIn(facets?.sizes, size)}
              onClick={() => toggle('size', size)}
            >
              {size}
            </OptionButton>
          ))}
        </FilterGroup>
      )}

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

      {(facets?.origins?.length || state.origin) && (
        <FilterGroup title="Country of origin">
          {originOptions(state, facets).map((origin) => (
            <OptionButton
              key={origin}
              pressed={state.origin?.toLowerCase() === origin.toLowerCase()}
              count={countIn(facets?.origins, origin)}
              onClick={() => toggle('origin', origin)}
            >
              {origin}
            </OptionButton>
          ))}
        </FilterGroup>
      )}

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

/** "In stock only": a switch, announced as on or off. */
function InStockSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const labelId = useId();
  return (
    <div className="flex items-center justify-between border-t border-line pt-6">
      <span id={labelId} className="text-sm text-ink-soft">
        In stock only
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        onClick={() => onChange(!on)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${
          on ? 'bg-ink' : 'bg-sand-deep'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
            on ? 'translate-x-5.5' : 'translate-x-0.5'
          }`}
        />
      </button>
    </div>
  );
}

function FilterGroup({ title, columns = 1, children }: { title: string; columns?: 1 | 2; children: ReactNode }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="border-t border-line pt-6">
      <h3 id={headingId} className="mb-3 text-xs font-semibold tracking-[0.18em] text-muted uppercase">
        {title}
      </h3>
      <ul className={columns === 2 ? 'grid grid-cols-2 gap-1' : 'space-y-1'}>
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
