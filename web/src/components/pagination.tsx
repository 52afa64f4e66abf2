import { pageWindow } from '@shop/core';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** How many page numbers to show at once. */
  windowSize?: number;
}

const cell =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-35';

export function Pagination({ page, totalPages, onPageChange, windowSize = 3 }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-12 flex justify-center">
      <ul className="flex items-center gap-1.5">
        <li>
          <button
            type="button"
            className={`${cell} text-lg hover:bg-sand`}
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            «
          </button>
        </li>
        {pageWindow(page, totalPages, windowSize).map((number) => (
          <li key={number}>
            <button
              type="button"
              className={`${cell} ${number === page ? 'bg-ink font-semibold text-white' : 'text-ink hover:bg-sand'}`}
              aria-label={`Page ${number}`}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => number !== page && onPageChange(number)}
            >
              {number}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`${cell} text-lg hover:bg-sand`}
            aria-label="Next page"
            disabled={page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            »
          </button>
        </li>
      </ul>
    </nav>
  );
}
