/** A row of five stars, `filled` of them gold; read as "Rated N out of 5". */
export function Stars({
  filled = 5,
  size = 16,
  className = '',
  label = `Rated ${filled} out of 5`,
}: {
  filled?: number;
  size?: number;
  className?: string;
  label?: string;
}) {
  return (
    <span role="img" aria-label={label} className={`inline-flex gap-0.5 ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path
            d="m10 1.6 2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8L10 1.6Z"
            fill={n <= filled ? '#c9a441' : '#e4d9cb'}
          />
        </svg>
      ))}
    </span>
  );
}
