import { Fragment } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the current page) has none. */
  to?: string;
}

/** "Home / Products / Name": links for the way back, the current page last. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-xs text-muted">
      <ol className="flex min-w-0 items-center gap-2">
        {items.map((item, i) => (
          <Fragment key={item.label}>
            {i > 0 && <li aria-hidden="true">/</li>}
            {item.to ? (
              <li>
                <Link to={item.to} className="rounded-sm hover:text-ink">
                  {item.label}
                </Link>
              </li>
            ) : (
              <li aria-current="page" className="truncate text-ink">
                {item.label}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
