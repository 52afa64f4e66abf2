import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { CloseIcon } from './icons/close.tsx';
import { SearchIcon } from './icons/search.tsx';

/** One suggestion under the box while typing. */
export interface SearchSuggestion {
  key: string;
  label: string;
  /** A second, quieter text: a price, a product count. */
  detail?: string;
}

interface SearchBoxProps {
  id: string;
  /** The search as the URL holds it. */
  value: string;
  /** `replace` is true for keystrokes, so typing does not flood the history. */
  onSearch: (q: string, options: { replace: boolean }) => void;
  autoFocus?: boolean;
  debounceMs?: number;
  /** Called with the text as it is typed, for suggestions. */
  onType?: (text: string) => void;
  /** Suggestions for the text typed (a combobox list under the box); empty or absent: none. */
  suggestions?: readonly SearchSuggestion[];
  onPick?: (suggestion: SearchSuggestion) => void;
}

/** Searches by product name: live after a short pause while typing, at once on Enter. */
export function SearchBox({
  id,
  value,
  onSearch,
  autoFocus = false,
  debounceMs = 400,
  onType,
  suggestions = [],
  onPick,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-suggestions`;
  const shown = open && suggestions.length > 0;
  const [lastValue, setLastValue] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchWhileTyping = useEffectEvent((q: string) => onSearch(q, { replace: true }));

  // Follow the URL when it changes from outside (Back, "Clear filters"), keeping what is
  // being typed when the URL only caught up with it.
  if (value !== lastValue) {
    setLastValue(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  useEffect(() => {
    if (text.trim() === value) return;
    typingTimer.current = setTimeout(() => searchWhileTyping(text), debounceMs);
    return () => clearTimeout(typingTimer.current);
  }, [text, value, debounceMs]);

  function type(next: string) {
    setText(next);
    setOpen(true);
    setActive(-1);
    onType?.(next);
  }

  function pick(suggestion: SearchSuggestion) {
    // The pick replaces the search still due for what was typed: that search, landing while the
    // picked product's page loads, would take the shopper back to the list instead.
    clearTimeout(typingTimer.current);
    setOpen(false);
    setActive(-1);
    onPick?.(suggestion);
  }

  // The combobox keys: arrows move through the suggestions, Enter takes the one chosen, Escape closes.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!shown) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box (-1) through each suggestion and back to the box.
      const slots = suggestions.length + 1;
      setActive((i) => ((i + 1 + step + slots) % slots) - 1);
    } else if (event.key === 'Enter' && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      pick(suggestions[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <form
      id={id}
      role="search"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        onSearch(text, { replace: false });
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search products by name
      </label>
      <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted" />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        value={text}
        maxLength={100}
        placeholder="Search by name…"
        autoComplete="off"
        enterKeyHint="search"
        role={onPick ? 'combobox' : undefined}
        aria-expanded={onPick ? shown : undefined}
        aria-controls={onPick ? listId : undefined}
        aria-autocomplete={onPick ? 'list' : undefined}
        aria-activedescendant={shown && active >= 0 && active < suggestions.length ? `${listId}-${active}` : undefined}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onChange={(event) => type(event.target.value)}
        className="h-12 w-full rounded-full border border-line bg-white pr-12 pl-11 text-base text-ink placeholder:text-muted/80 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-accent sm:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          className="absolute top-1/2 right-2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-sand hover:text-ink"
          onClick={() => {
            type('');
            onSearch('', { replace: false });
            inputRef.current?.focus();
          }}
        >
          <CloseIcon size={16} />
        </button>
      )}
      {onPick && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!shown}
          className="absolute top-full right-0 left-0 z-30 mt-2 overflow-hidden rounded-2xl border border-line bg-white py-2 shadow-lg"
        >
          {suggestions.map((suggestion, i) => (
            <li
              key={suggestion.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(suggestion);
              }}
              className={`flex cursor-pointer items-baseline justify-between gap-4 px-4 py-2 text-sm ${i === active ? 'bg-sand' : 'hover:bg-sand'}`}
            >
              <span className="truncate text-ink">{suggestion.label}</span>
              {suggestion.detail && <span className="shrink-0 text-xs text-muted">{suggestion.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
