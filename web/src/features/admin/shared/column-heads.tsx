/**
 * A staff table's column: its heading, with classes of its own (`text-right` over numbers),
 * or read to screen readers only where the cells need no visible heading (images, actions).
 */
export type Column = string | { label: string; className?: string; srOnly?: boolean };

/** The heading cells of a staff table's header row, each with the table's heading classes. */
export function ColumnHeads({ columns, className }: { columns: readonly Column[]; className: string }) {
  return columns.map((column) => {
    const { label, className: own, srOnly } = typeof column === 'string' ? { label: column } : column;
    return (
      <th key={label} scope="col" className={own ? `${className} ${own}` : className}>
        {srOnly ? <span className="sr-only">{label}</span> : label}
      </th>
    );
  });
}
