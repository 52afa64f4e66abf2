/** A turning ring, decorative: say what is loading in text next to it. */
export function Spinner({ size = 40, className = '' }: { size?: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-[3px] border-sand-deep border-t-accent ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
