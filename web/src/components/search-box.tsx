import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CloseIcon, SearchIcon } from './icons.tsx';

interface SearchBoxProps {
  id: string;
  /** The search as the URL holds it. */
  value: string;
  /** `replace` is true for keystrokes, so typing does not flood the history. */
  onSearch: (q: string, options: { replace: boolean }) => void;
  autoFocus?: boolean;
  debounceMs?: number;
}

/** Searches by product name: live after a short pause while typing, at once on Enter. */
export function SearchBox({ id, value, onSearch, autoFocus = false, debounceMs = 400 }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
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
    const timer = setTimeout(() => searchWhileTyping(text), debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, debounceMs]);

  return (
    <form
      id={id}
      role="search"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
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
        onChange={(event) => setText(event.target.value)}
        className="h-12 w-full rounded-full border border-line bg-white pr-12 pl-11 text-base text-ink placeholder:text-muted/80 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-accent sm:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          className="absolute top-1/2 right-2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-sand hover:text-ink"
          onClick={() => {
            setText('');
            onSearch('', { replace: false });
            inputRef.current?.focus();
          }}
        >
          <CloseIcon size={16} />
        </button>
      )}
    </form>
  );
}
