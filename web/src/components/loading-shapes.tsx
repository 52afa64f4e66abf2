import type { ReactNode } from 'react';

interface LoadingShapesProps {
  /** What is loading, said once to screen readers ("Loading your cart…"). */
  label: string;
  /** The outer box's classes (its margin). */
  className?: string;
  /** The layout of the shapes. */
  shapesClassName: string;
  /** Grey shapes standing where the content will be; screen readers skip them. */
  children: ReactNode;
}

/** A placeholder in the shape of what loads, shimmering until it is there. */
export function LoadingShapes({ label, className = '', shapesClassName, children }: LoadingShapesProps) {
  return (
    <div aria-busy="true" className={className}>
      <p className="sr-only" role="status">
        {label}
      </p>
      <div className={`animate-shimmer ${shapesClassName}`} aria-hidden="true">
        {children}
      </div>
    </div>
  );
}
