import { Outlet, ScrollRestoration } from 'react-router';
import { SessionKeeper } from '../session-keeper.tsx';
import { useStoreInfo } from '../../lib/store/store-info.ts';
import { AppToasts } from '../../lib/toasts.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** The shared frame of every page: header, main content, footer, toasts. */
export function AppLayout() {
  const info = useStoreInfo();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-ink px-4 py-2 text-sm text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside
        aria-label="Offers"
        className="bg-ink px-4 py-2 text-center text-[11px] tracking-[0.14em] text-white/85 uppercase sm:text-xs"
      >
        {/* Says nothing until the shop's settings arrive, rather than promise what the totals may not do. */}
        {info ? (
          <>
            {info.texts.shippingPromise}
            <span className="hidden sm:inline">
              {' '}
              · {info.texts.taxNote}
              {info.texts.codPromise && ` · ${info.texts.codPromise}`}
            </span>
          </>
        ) : (
          <span aria-hidden="true">&nbsp;</span>
        )}
      </aside>
      <Header cartCount={0} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <AppToasts />
      <SessionKeeper />
      <ScrollRestoration />
    </div>
  );
}
