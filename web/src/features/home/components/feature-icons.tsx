/** Line icons for the specials banner's feature blurbs, drawn like components/icons.tsx. */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width={26}
      height={26}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const featureIcons: Record<string, ReactNode> = {
  quality: (
    <Icon>
      <circle cx="12" cy="9" r="5.5" />
      <path d="m9.6 9 1.6 1.6 3.2-3.2" />
      <path d="M8.5 13.8 7 21l5-2.6 5 2.6-1.5-7.2" />
    </Icon>
  ),
  warranty: (
    <Icon>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.1 8.3 7.5 9.5 4.4-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m8.8 12.2 2.2 2.2 4.3-4.5" />
    </Icon>
  ),
  shipping: (
    <Icon>
      <path d="M2.5 6h11v10h-11zM13.5 9.5h4l3 3.2V16h-7" />
      <circle cx="6.5" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </Icon>
  ),
  support: (
    <Icon>
      <path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
      <path d="M19 19c0 1.4-1.6 2.5-4.5 2.5H13" />
    </Icon>
  ),
};
