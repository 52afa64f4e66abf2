import { shippingAddressOf, type User } from '@shop/core';
import type { ReactNode, Ref } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { PaneHeader } from '../../../components/pane-header.tsx';
import { addressLines } from '../address.ts';
import { EmailVerification } from './email-verification.tsx';

interface ProfileDetailsProps {
  user: User;
  onEditPhone: () => void;
  onEditAddress: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

const smallLink = 'rounded-sm text-sm font-medium text-accent underline underline-offset-4 hover:text-ink';

/** The details view of the profile: name, email, phone and the default address (spec §2). */
export function ProfileDetails({ user, onEditPhone, onEditAddress, headingRef }: ProfileDetailsProps) {
  // Core's rule, the one orders ship by: the flagged default, else (older data) the first saved.
  const defaultAddress = shippingAddressOf(user.addresses);
  const name = user.fullName || `${user.firstName} ${user.lastName}`.trim();
  return (
    <div>
      <PaneHeader title="Profile Details" ref={headingRef} />
      <dl className="divide-y divide-line">
        <Row label="Name">{name || '—'}</Row>
        <Row label="Email">
          <span className="flex flex-col items-start gap-2">
            <span className="break-all">{user.email}</span>
            <EmailVerification verified={user.emailVerified} />
          </span>
        </Row>
        <Row label="Phone">
          {user.phone ? (
            <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <span>{user.phone}</span>
              <button type="button" className={smallLink} onClick={onEditPhone}>
                Change
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="rounded-sm text-left font-medium text-sale underline-offset-4 hover:underline"
              onClick={onEditPhone}
            >
              Not Provided (Click to Add)
            </button>
          )}
        </Row>
        <Row label="Default address">
          {defaultAddress ? (
            <div className="flex flex-col items-start gap-2">
              <address className="leading-6 not-italic">
                {addressLines(defaultAddress).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <button type="button" className={smallLink} onClick={onEditAddress}>
                Edit address
              </button>
            </div>
          ) : (
            <div className="flex flex-col items-start gap-3">
              <p className="text-muted">No default address added.</p>
              <button type="button" className={buttonClass('primary', 'sm')} onClick={onEditAddress}>
                Add Address
              </button>
            </div>
          )}
        </Row>
      </dl>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-5 text-sm sm:grid-cols-[180px_1fr] sm:gap-6">
      <dt className="text-xs font-semibold tracking-[0.16em] text-muted uppercase sm:pt-0.5">{label}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}
