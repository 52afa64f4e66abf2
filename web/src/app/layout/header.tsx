import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { BagIcon } from '../../components/icons/bag.tsx';
import { CloseIcon } from '../../components/icons/close.tsx';
import { MenuIcon } from '../../components/icons/menu.tsx';
import { UserIcon } from '../../components/icons/user.tsx';
import { useCartSync } from '../../features/cart/use-cart-sync.ts';
import { useAppSelector } from '../../lib/store/hooks.ts';
import { useIsSignedIn } from '../../features/auth/session.ts';
import { selectUser } from '../../features/auth/auth-state.ts';
import { STORE_NAME } from '../../lib/brand.ts';
import { useHeaderBottom } from './use-header-bottom.ts';

/** Where a header link goes; Deals and New Arrivals ask the home page to scroll to a section. */
interface NavItem {
  label: string;
  to: string;
  scrollTo?: 'deals-section' | 'newarrivals';
  end?: boolean;
}

export const navItems: readonly NavItem[] = [
  { label: 'Home', to: '/', end: true },
  { label: 'Deals', to: '/', scrollTo: 'deals-section' },
  { label: 'New Arrivals', to: '/', scrollTo: 'newarrivals' },
  { label: 'Products', to: '/products' },
];

// Never wrapped: at 768 px the nav and the account buttons share one row of the header.
const linkBase = 'rounded-md px-1 py-1 text-sm tracking-wide whitespace-nowrap transition-colors';

function mobileLinkClass(active: boolean) {
  return `flex py-3.5 text-base ${active ? 'font-semibold text-ink' : 'text-ink-soft'} rounded-md`;
}

function navLinkClass(active: boolean) {
  return `${linkBase} ${active ? 'text-ink font-semibold' : 'text-muted hover:text-ink'}`;
}

interface HeaderNavLinkProps {
  item: NavItem;
  className?: (active: boolean) => string;
  onClick?: () => void;
}

function HeaderNavLink({ item, className, onClick }: HeaderNavLinkProps) {
  const classFor = className ?? navLinkClass;
  if (item.scrollTo) {
    return (
      <Link to={item.to} state={{ scrollTo: item.scrollTo }} className={classFor(false)} onClick={onClick}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} end={item.end} className={({ isActive }) => classFor(isActive)} onClick={onClick}>
      {item.label}
    </NavLink>
  );
}

export function Wordmark({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-baseline gap-1.5 rounded-md ${className}`}
      aria-label={`${STORE_NAME} home`}
    >
      <span className="font-display text-2xl font-semibold tracking-[0.18em] text-ink">{STORE_NAME}</span>
      {/* Left out where the nav shares the row and is tight on room (768 to 1023 px). */}
      <span className="hidden text-[10px] font-medium uppercase tracking-[0.3em] text-muted sm:inline md:max-lg:hidden">
        Menswear
      </span>
    </Link>
  );
}

const iconButton =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-sand';

/** `cartCount` is shown until the cart is loaded; from then on the badge follows the cart. */
export function Header({ cartCount = 0 }: { cartCount?: number }) {
  const headerRef = useRef<HTMLElement>(null);
  useHeaderBottom(headerRef);
  const signedIn = useIsSignedIn();
  // Only a hint: the staff area checks the role again, and the server refuses everyone else.
  const isStaff = useAppSelector((state) => signedIn && selectUser(state)?.role === 'admin');
  const cart = useCartSync(signedIn);
  const badgeCount = cart.known ? cart.count : cartCount;
  const location = useLocation();
  // The menu belongs to the page it was opened on: any navigation (Back included) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.key;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.key : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpenOn(null);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-line bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/80"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          className={`${iconButton} -ml-2 md:hidden`}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
        </button>

        <Wordmark className="mr-auto md:mr-0" />

        <nav aria-label="Main" className="mx-auto hidden md:block">
          <ul className="flex items-center gap-5 lg:gap-8">
            {navItems.map((item) => (
              <li key={item.label}>
                <HeaderNavLink item={item} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          {signedIn ? (
            <>
              {isStaff && (
                <NavLink
                  to="/admin"
                  className={({ isActive }) => buttonClass(isActive ? 'primary' : 'secondary', 'sm', 'max-md:hidden')}
                >
                  Staff
                </NavLink>
              )}
              <Link to="/profile" className={iconButton} aria-label="Profile">
                <UserIcon size={22} />
              </Link>
              <Link
                to="/cart"
                className={iconButton}
                aria-label={`Cart, ${badgeCount} ${badgeCount === 1 ? 'item' : 'items'}`}
              >
                <BagIcon size={22} />
                <span
                  className="absolute top-0.5 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-accent px-1 text-[10px] leading-none font-semibold text-white"
                  aria-hidden="true"
                >
                  {badgeCount > 99 ? '99+' : badgeCount}
                </span>
              </Link>
            </>
          ) : (
            <>
              <Link to="/signin" className={buttonClass('ghost', 'sm', 'whitespace-nowrap')}>
                Sign In
              </Link>
              <Link to="/signup" className={buttonClass('primary', 'sm', 'whitespace-nowrap max-[359px]:hidden')}>
                Sign Up
              </Link>
            </>
          )}
        </div>
      </div>

      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-line bg-paper md:hidden">
        <nav aria-label="Mobile" className="px-4 pt-2 pb-5">
          <ul className="divide-y divide-line">
            {navItems.map((item) => (
              <li key={item.label}>
                <HeaderNavLink
                  item={item}
                  // Close at once, so the page below has its final layout before any scroll.
                  onClick={() => setMenuOpen(false)}
                  className={mobileLinkClass}
                />
              </li>
            ))}
            {isStaff && (
              <li>
                <HeaderNavLink
                  item={{ label: 'Staff', to: '/admin' }}
                  onClick={() => setMenuOpen(false)}
                  className={mobileLinkClass}
                />
              </li>
            )}
          </ul>
          {!signedIn && (
            <div className="mt-4 grid grid-cols-2 gap-3">
              <Link to="/signin" className={buttonClass('secondary', 'md')}>
                Sign In
              </Link>
              <Link to="/signup" className={buttonClass('primary', 'md')}>
                Sign Up
              </Link>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
