import type { Order } from '@shop/core';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AddressEditor } from '../../features/auth/components/address-editor.tsx';
import { PhoneEditor } from '../../features/auth/components/phone-editor.tsx';
import { ProfileDetails } from '../../features/auth/components/profile-details.tsx';
import { selectUser } from '../../features/auth/auth-state.ts';
import { fetchProfile, logout } from '../../features/auth/slice.ts';
import { DataRights } from '../../features/legal/index.ts';
import { OrderList } from '../../features/orders/components/order-list.tsx';
import { fetchOrders } from '../../features/orders/slice.ts';
import { buttonClass } from '../../components/button.ts';
import { BoxIcon } from '../../components/icons/box.tsx';
import { ChevronRightIcon } from '../../components/icons/chevron-right.tsx';
import { LogOutIcon } from '../../components/icons/log-out.tsx';
import { PinIcon } from '../../components/icons/pin.tsx';
import { ShieldIcon } from '../../components/icons/shield.tsx';
import { PaneHeader } from '../../components/pane-header.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks.ts';
import { toast, toastDurations } from '../../lib/toasts.tsx';
import { usePayForOrder } from '../../features/payments/use-pay-for-order.tsx';

type ProfileView = 'details' | 'orders' | 'address' | 'phone' | 'data';

const profileViews: readonly ProfileView[] = ['details', 'orders', 'address', 'phone', 'data'];

/**
 * Other pages may ask for a view: checkout for the orders, the cart for the address (in the
 * navigation state); the shop's emails link to /profile?view=orders ("My Orders").
 */
function requestedView(state: unknown, search: string): ProfileView {
  const view = (state as { view?: unknown } | null)?.view ?? new URLSearchParams(search).get('view');
  return profileViews.find((v) => v === view) ?? 'details';
}

/**
 * /profile (spec §2): the account menu on the left, one of four views on the right. It
 * composes the account and the orders features, so it lives in app/.
 */
export function ProfilePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector(selectUser);
  const [view, setView] = useState<ProfileView>(() => requestedView(location.state, location.search));
  const [loggingOut, setLoggingOut] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const viewChanged = useRef(false);

  // When the view changes (not on arrival), its heading takes focus and comes into sight.
  useEffect(() => {
    if (!viewChanged.current) return;
    headingRef.current?.focus();
  }, [view]);

  function show(next: ProfileView) {
    viewChanged.current = true;
    setView(next);
  }

  /** The account was deleted: its sessions are gone on the server; end this one here too. */
  async function handleDeleted() {
    await dispatch(logout());
    toast.success('Your account is deleted.', { autoClose: toastDurations.signIn });
    navigate('/', { replace: true });
  }

  async function handleLogout() {
    setLoggingOut(true);
    await dispatch(logout());
    toast.info('Logged out', { autoClose: toastDurations.signIn });
    navigate('/signin', { replace: true });
  }

  if (!user) return <ProfileSkeleton />;

  const back = () => show('details');
  const firstName = user.firstName || user.fullName.split(' ')[0] || '';

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <title>{pageTitle('Your profile')}</title>
      <div className="grid items-start gap-8 lg:grid-cols-[320px_1fr] lg:gap-12">
        <aside aria-label="Account" className="space-y-4 lg:sticky lg:top-28">
          <div className="pb-2">
            <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">
              {firstName ? `Hello, ${firstName}` : 'Hello'}
            </p>
            <h1 className="mt-2 font-display text-3xl sm:text-4xl">My Account</h1>
            <button
              type="button"
              onClick={() => show('details')}
              aria-pressed={view === 'details'}
              className="mt-2 rounded-sm text-sm text-muted underline-offset-4 hover:text-ink hover:underline aria-pressed:text-ink"
            >
              Profile details
            </button>
          </div>
          <MenuCard
            icon={<BoxIcon size={22} />}
            title="Orders"
            text="Follow and cancel your orders"
            active={view === 'orders'}
            onClick={() => show('orders')}
          />
          <MenuCard
            icon={<PinIcon size={22} />}
            title="Address"
            text="Where we deliver your orders"
            active={view === 'address'}
            onClick={() => show('address')}
          />
          <MenuCard
            icon={<ShieldIcon size={22} />}
            title="Your data"
            text="Download it, or delete your account"
            active={view === 'data'}
            onClick={() => show('data')}
          />
          <button
            type="button"
            className={buttonClass('secondary', 'md', 'w-full')}
            onClick={handleLogout}
            disabled={loggingOut}
          >
            <LogOutIcon size={18} />
            {loggingOut ? 'Logging Out...' : 'Log Out'}
          </button>
        </aside>

        <section className="min-w-0 rounded-3xl border border-line bg-white p-6 sm:p-8">
          {view === 'details' && (
            <ProfileDetails
              user={user}
              headingRef={headingRef}
              onEditPhone={() => show('phone')}
              onEditAddress={() => show('address')}
            />
          )}
          {view === 'orders' && <OrdersView onBack={back} headingRef={headingRef} />}
          {view === 'address' && <AddressEditor user={user} onBack={back} onSaved={back} headingRef={headingRef} />}
          {view === 'phone' && <PhoneEditor user={user} onBack={back} onSaved={back} headingRef={headingRef} />}
          {view === 'data' && (
            <DataRights onBack={back} onDeleted={() => void handleDeleted()} headingRef={headingRef} />
          )}
        </section>
      </div>
    </div>
  );
}

interface MenuCardProps {
  icon: ReactNode;
  title: string;
  text: string;
  active: boolean;
  onClick: () => void;
}

function MenuCard({ icon, title, text, active, onClick }: MenuCardProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      className={`flex w-full items-center gap-4 rounded-2xl border p-4 text-left transition-colors ${
        active ? 'border-ink bg-white shadow-sm' : 'border-line bg-white/60 hover:border-ink/40 hover:bg-white'
      }`}
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-sand text-accent">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="block text-sm text-muted">{text}</span>
      </span>
      <ChevronRightIcon size={18} className="shrink-0 text-muted" />
    </button>
  );
}

/**
 * "My Orders": the shopper's orders; a cancellation refreshes the account (spec §4). An
 * online order waiting for its payment has "Pay now", which opens the payment window again.
 */
function OrdersView({ onBack, headingRef }: { onBack: () => void; headingRef: Ref<HTMLHeadingElement> }) {
  const dispatch = useAppDispatch();
  const { payFor, paymentWindow } = usePayForOrder();
  const [payingId, setPayingId] = useState<string | null>(null);

  function pay(order: Order) {
    if (payingId) return;
    setPayingId(order._id);
    void payFor(order._id, {
      onPaid: async () => {
        setPayingId(null);
        await dispatch(fetchProfile());
        void dispatch(fetchOrders());
      },
      onStopped: () => setPayingId(null),
    });
  }

  return (
    <div>
      <PaneHeader title="My Orders" onBack={onBack} ref={headingRef} />
      <OrderList onCancelled={() => void dispatch(fetchProfile())} onPay={pay} payingId={payingId} />
      {paymentWindow}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div
      className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8"
      aria-busy="true"
      aria-label="Loading profile"
    >
      <div className="animate-shimmer grid gap-8 lg:grid-cols-[320px_1fr] lg:gap-12">
        <div className="space-y-4">
          <div className="h-10 w-48 rounded bg-sand" />
          <div className="h-20 rounded-2xl bg-sand" />
          <div className="h-20 rounded-2xl bg-sand" />
        </div>
        <div className="h-80 rounded-3xl bg-sand" />
      </div>
    </div>
  );
}
