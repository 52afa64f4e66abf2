import { useCallback, useState } from 'react';

/**
 * Which rows have a change on its way, so each row's button waits for its own request while
 * the others stay usable. `track(id, task)` marks the row until the task settles.
 */
export function usePendingIds() {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const track = useCallback(async (id: string, task: () => Promise<void>) => {
    setPending((ids) => new Set(ids).add(id));
    try {
      await task();
    } finally {
      setPending((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  }, []);
  return { pending, track };
}
