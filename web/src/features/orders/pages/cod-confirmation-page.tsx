import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CodLinkView } from '@shop/core';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { LoadingShapes } from '../../../components/loading-shapes.tsx';
import { isRequestFailure } from '../../../lib/api/failure.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useApplyCodLinkMutation, useGetCodLinkQuery } from '../cod-confirmation-api.ts';

const INCOMPLETE = 'This link is not complete. Please open the link from the email again.';

const wording = {
  confirm: { title: 'Confirm your order', button: 'Confirm order', busy: 'Confirming...' },
  cancel: { title: 'Cancel your order', button: 'Cancel order', busy: 'Cancelling...' },
} as const;

/**
 * /cod-confirmation?token=…: a link of the email sent after a cash-on-delivery order, to confirm
 * it or to cancel it, with no sign-in. Opening it changes nothing (mail scanners open links
 * too): the shopper presses the button, once, and the page says what happened.
 */
export function CodConfirmationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useGetCodLinkQuery(token || skipToken);
  const [apply, applied] = useApplyCodLinkMutation();
  // The link works once: a second click while the first is under way must not use it again.
  const used = useRef(false);

  function press() {
    if (used.current) return;
    used.current = true;
    void apply(token);
  }

  const view: CodLinkView | undefined = applied.data ?? link.data;
  const failure = !token ? INCOMPLETE : (applied.error ?? link.error) ? failureText(applied.error ?? link.error) : null;
  const words = wording[view?.action ?? 'confirm'];

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-display text-3xl font-semibold tracking-tight">{words.title}</h1>
      {view && (
        <p className="mt-3 text-sm text-muted">
          Order <span className="font-mono font-semibold text-ink">{view.orderNumber}</span> · {formatPrice(view.total)}
          , cash on delivery
        </p>
      )}
      <div className="mt-8 space-y-5">
        {failure ? (
          <p
            role="alert"
            className="rounded-xl border border-sale/20 bg-sale/5 px-4 py-3 text-sm font-medium text-sale"
          >
            {failure}
          </p>
        ) : !view ? (
          <LoadingShapes label="Opening your order…" shapesClassName="space-y-3">
            <div className="h-12 rounded-xl bg-sand" />
          </LoadingShapes>
        ) : view.outcome === null ? (
          <>
            <p className="text-sm leading-6 text-ink">
              {view.action === 'confirm'
                ? 'Press the button to confirm that you want this order, so that we can send it.'
                : 'Press the button to cancel this order. Nothing has been charged.'}
            </p>
            <button
              type="button"
              onClick={press}
              disabled={applied.isLoading}
              className={buttonClass(
                'primary',
                'lg',
                view.action === 'cancel' ? 'w-full bg-sale hover:bg-sale/90' : 'w-full',
              )}
            >
              {applied.isLoading ? words.busy : words.button}
            </button>
          </>
        ) : (
          <p role="status" className="text-base font-semibold text-ink">
            {view.message}
          </p>
        )}
        <Link to="/profile?view=orders" className={buttonClass('secondary', 'md')}>
          Go to My Orders
        </Link>
      </div>
    </div>
  );
}

const failureText = (error: unknown) => (isRequestFailure(error) ? error.message : 'This link is not valid.');
