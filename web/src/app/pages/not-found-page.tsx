import { NoticePage } from './notice-page.tsx';

export function NotFoundPage() {
  const badge = (
    <p className="mb-1 font-display text-7xl text-muted sm:text-8xl" aria-hidden="true">
      404
    </p>
  );
  return (
    <NoticePage badge={badge} title="Page not found" tabTitle="Page not found">
      The page you are looking for has moved or never existed. Let&apos;s get you back to the shop.
    </NoticePage>
  );
}
