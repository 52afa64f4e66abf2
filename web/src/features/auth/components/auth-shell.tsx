import type { ReactNode } from 'react';
import { pageTitle, STORE_NAME } from '../../../lib/brand.ts';
import { useStoreInfo } from '../../../lib/store/store-info.ts';
import { ReturnIcon } from '../../../components/icons/return.tsx';
import { ShieldIcon } from '../../../components/icons/shield.tsx';
import { TruckIcon } from '../../../components/icons/truck.tsx';

interface AuthShellProps {
  title: string;
  subtitle: ReactNode;
  tabTitle: string;
  children: ReactNode;
}

/** Sign in and sign up: the form on the right, on wide screens a brand panel on the left. */
export function AuthShell({ title, subtitle, tabTitle, children }: AuthShellProps) {
  const info = useStoreInfo();
  return (
    <div className="mx-auto grid max-w-6xl items-start gap-12 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-[1fr_1.1fr] lg:gap-20 lg:px-8">
      <title>{pageTitle(tabTitle)}</title>
      <aside className="relative hidden overflow-hidden rounded-3xl bg-ink p-10 text-white lg:sticky lg:top-28 lg:block">
        <div className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-accent/40 blur-3xl" aria-hidden="true" />
        <p className="relative font-display text-3xl tracking-[0.18em]">{STORE_NAME}</p>
        <p className="relative mt-6 max-w-sm font-display text-2xl leading-snug text-white/90">
          One account for your cart, your address and every order.
        </p>
        <ul className="relative mt-10 space-y-5 text-sm">
          {[
            {
              Icon: TruckIcon,
              title: info?.texts.shippingPromise ?? 'Delivered to your door',
              detail: 'Delivered across most of India.',
            },
            { Icon: ShieldIcon, title: 'Cash on delivery or card', detail: 'Pay the way you like.' },
            { Icon: ReturnIcon, title: 'Easy returns', detail: 'Damaged or wrong item? Tell us within 3 days.' },
          ].map(({ Icon, title, detail }) => (
            <li key={detail} className="flex items-start gap-3">
              <Icon size={20} className="mt-0.5 shrink-0 text-accent-soft" />
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="text-white/65">{detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>

      <section className="mx-auto w-full max-w-md lg:mx-0" aria-labelledby="auth-heading">
        <h1 id="auth-heading" className="font-display text-3xl sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 text-sm leading-6 text-muted">{subtitle}</p>
        <div className="mt-8">{children}</div>
      </section>
    </div>
  );
}
