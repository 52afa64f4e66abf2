import { formatRupees } from '@shop/core';
import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { CloseIcon } from '../../../components/icons/close.tsx';
import { LockIcon } from '../../../components/icons/lock.tsx';
import { useModalFocus } from '../../../components/use-modal-focus.ts';
import { failureText } from '../../../lib/api/failure.ts';
import { SANDBOX_DECLINE, type SandboxCheckout, type SandboxSession } from '../sandbox-checkout.ts';
import { payInSandbox } from '../slice.ts';

/**
 * The sandbox's payment window, drawn like Razorpay's Checkout: the store's name and the
 * order in a header of the theme colour, the amount, the prefilled contact, and Pay, Fail
 * and Close. Pay asks the server's sandbox for the signed success Razorpay would send.
 */
export function SandboxCheckoutWindow({ sandbox }: { sandbox: SandboxCheckout }) {
  const session = useSyncExternalStore(sandbox.subscribe, sandbox.getSession, sandbox.getSession);
  if (!session) return null;
  return <SandboxPanel key={session.options.order_id} sandbox={sandbox} session={session} />;
}

function SandboxPanel({ sandbox, session }: { sandbox: SandboxCheckout; session: SandboxSession }) {
  const dispatch = useAppDispatch();
  const { options, failure } = session;
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  const [paying, setPaying] = useState(false);
  const theme = options.theme.color || '#1d1d1f';
  const amount = formatRupees(options.amount);

  useModalFocus(true, panelRef, () => !paying && sandbox.dismiss(), payRef);

  async function pay() {
    setPaying(true);
    try {
      const response = await dispatch(payInSandbox(options.order_id)).unwrap();
      sandbox.succeed(response);
    } catch (error) {
      setPaying(false);
      sandbox.fail(failureText(error));
    }
  }

  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/60 sm:p-4">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className="animate-rise-in flex h-full w-full flex-col overflow-hidden bg-[#f4f5f8] shadow-2xl outline-none sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:max-w-[380px] sm:rounded-xl"
      >
        <div className="relative px-5 pt-5 pb-6 text-white" style={{ backgroundColor: theme }}>
          <div className="flex items-start gap-3 pr-10">
            <span
              aria-hidden="true"
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-white font-display text-xl font-semibold"
              style={{ color: theme }}
            >
              {options.name.charAt(0)}
            </span>
            <div className="min-w-0">
              <h2 id={titleId} className="text-base font-semibold tracking-[0.12em]">
                {options.name}
              </h2>
              <p id={descriptionId} className="mt-0.5 truncate text-xs text-white/75">
                {options.description}
              </p>
            </div>
          </div>
          <button
            type="button"
            onClick={() => sandbox.dismiss()}
            disabled={paying}
            aria-label="Close"
            className="absolute top-4 right-4 inline-flex h-8 w-8 items-center justify-center rounded-full text-white/80 transition-colors hover:bg-white/15 hover:text-white disabled:opacity-40"
          >
            <CloseIcon size={18} />
          </button>
          <p className="mt-5 text-xs tracking-wide text-white/70 uppercase">Amount to pay</p>
          <p className="mt-1 text-3xl font-semibold tabular-nums">{amount}</p>
        </div>

        <p className="bg-amber-100 px-5 py-2 text-center text-xs font-semibold tracking-wide text-amber-900">
          Sandbox — no money moves
        </p>

        <div className="flex-1 space-y-4 overflow-y-auto px-5 py-5 text-sm text-[#1d1d1f]">
          <section aria-label="Contact details" className="rounded-lg bg-white p-4 shadow-sm">
            <p className="text-xs font-semibold tracking-wide text-[#6b7280] uppercase">Contact details</p>
            <dl className="mt-2 space-y-1">
              <div className="flex gap-2">
                <dt className="sr-only">Name</dt>
                <dd className="font-medium">{options.prefill.name}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="sr-only">Phone</dt>
                <dd className="text-[#4b5563]">+91 {options.prefill.contact}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="sr-only">Email</dt>
                <dd className="break-all text-[#4b5563]">{options.prefill.email}</dd>
              </div>
            </dl>
          </section>

          <section aria-label="Payment method" className="rounded-lg bg-white p-4 shadow-sm">
            <p className="text-xs font-semibold tracking-wide text-[#6b7280] uppercase">Sandbox card</p>
            <p className="mt-2 font-mono text-sm tracking-widest">4111 1111 1111 1111</p>
            <p className="mt-2 text-xs leading-5 text-[#6b7280]">
              Pay approves this payment and Fail declines it, as the bank would. Nothing is charged.
            </p>
          </section>

          {failure && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              <span className="font-semibold">Payment failed.</span> {failure}. You can try again or close.
            </p>
          )}
        </div>

        <div className="border-t border-black/5 bg-white px-5 pt-4 pb-5">
          <button
            ref={payRef}
            type="button"
            onClick={pay}
            disabled={paying}
            className="flex h-12 w-full items-center justify-center gap-2 rounded-lg text-sm font-semibold text-white shadow-sm transition-[filter] hover:brightness-110 disabled:cursor-wait disabled:opacity-70"
            style={{ backgroundColor: theme }}
          >
            {paying ? 'Processing…' : `Pay ${amount}`}
          </button>
          <button
            type="button"
            onClick={() => sandbox.fail(SANDBOX_DECLINE)}
            disabled={paying}
            className="mt-2 h-10 w-full rounded-lg text-sm font-medium text-red-700 transition-colors hover:bg-red-50 disabled:opacity-40"
          >
            Fail
          </button>
          <p className="mt-2 flex items-center justify-center gap-1.5 text-[11px] text-[#6b7280]">
            <LockIcon size={12} />
            Payment sandbox · Razorpay-compatible test mode
          </p>
        </div>
      </div>
    </div>,
    document.body,
  );
}
