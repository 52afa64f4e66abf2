import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: ReactNode;
  /** The heading's text for screen readers when `title` is decorated (e.g. typed). */
  label?: string;
  children?: ReactNode;
  align?: 'start' | 'center';
}

/** The home page's section titles: a small accent line above a display heading. */
export function SectionHeading({ id, eyebrow, title, label, children, align = 'start' }: SectionHeadingProps) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : ''}>
      <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 font-display text-3xl leading-tight sm:text-4xl lg:text-[2.75rem]">
        {label ? (
          <>
            <span className="sr-only">{label}</span>
            <span aria-hidden="true">{title}</span>
          </>
        ) : (
          title
        )}
      </h2>
      {children && <div className="mt-4 text-base leading-7 text-muted">{children}</div>}
    </div>
  );
}
