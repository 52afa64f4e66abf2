import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box.tsx';

const suggestions = [{ key: 'product:p1', label: 'Oxford Button-Down Shirt', detail: '₹89.00' }];

function renderBox() {
  const onSearch = vi.fn();
  const onPick = vi.fn();
  render(<SearchBox id="search" value="" onSearch={onSearch} suggestions={suggestions} onPick={onPick} />);
  return { onSearch, onPick, box: screen.getByRole('combobox', { name: 'Search products by name' }) };
}

describe('SearchBox', () => {
  afterEach(() => vi.useRealTimers());

  it('searches what was typed after a pause, replacing the history entry', () => {
    vi.useFakeTimers();
    const { onSearch, box } = renderBox();
    fireEvent.change(box, { target: { value: 'oxf' } });
    act(() => vi.advanceTimersByTime(399));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('oxf', { replace: true });
  });

  it('drops the search still due when a suggestion is picked, so it cannot overtake the pick', () => {
    vi.useFakeTimers();
    const { onSearch, onPick, box } = renderBox();
    fireEvent.change(box, { target: { value: 'oxf' } });
    fireEvent.mouseDown(screen.getByRole('option', { name: /Oxford Button-Down Shirt/ }));
    expect(onPick).toHaveBeenCalledExactlyOnceWith(suggestions[0]);
    act(() => vi.advanceTimersByTime(2_000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
