import { couponLabel, type PublicCoupon } from '@shop/core';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { buttonClass } from '../../../components/button.ts';
import { inputClass } from '../../../components/form-field.tsx';
import { failureText } from '../../../lib/api/failure.ts';
import { applyCoupon, removeCoupon } from '../cart-api.ts';

/**
 * The coupon code box (spec §2, §5, §8): a blank code (once trimmed) is ignored; an applied
 * coupon is named with what it gives, "10% OFF" or "Buy 2 Get 1 FREE", and can be removed.
 */
export function CouponForm({ applied }: { applied: PublicCoupon | null }) {
  const dispatch = useAppDispatch();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim().toUpperCase();
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      await dispatch(applyCoupon(trimmed))?.unwrap();
      setCode('');
      toast.success(`Coupon ${trimmed} applied!`, { autoClose: toastDurations.orders });
    } catch (error) {
      toast.error(failureText(error), {
        autoClose: toastDurations.orders,
      });
    } finally {
      setBusy(false);
    }
  }

  async function handleRemove() {
    try {
      await dispatch(removeCoupon()).unwrap();
      toast.info('Coupon removed', { autoClose: toastDurations.orders });
    } catch (error) {
      toast.error(failureText(error), { autoClose: toastDurations.orders });
    }
  }

  return (
    <div>
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-2 min-[420px]:flex-row" aria-busy={busy}>
        <label htmlFor={inputId} className="sr-only">
          Coupon code
        </label>
        <input
          id={inputId}
          name="coupon"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="COUPON CODE"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className={`${inputClass} h-11 min-w-0 px-3.5 uppercase min-[420px]:flex-1`}
        />
        <button type="submit" className={buttonClass('secondary', 'md', 'shrink-0 px-4!')} disabled={busy}>
          Apply Coupon
        </button>
      </form>
      {applied && (
        <p
          role="status"
          className="mt-3 flex items-center justify-between gap-3 rounded-xl border border-success/25 bg-success/5 px-4 py-3 text-sm text-success"
        >
          <span>
            Coupon <strong className="font-semibold tracking-wide">{applied.code}</strong> applied:{' '}
            <strong className="font-semibold">{couponLabel(applied)}</strong>
          </span>
          <button
            type="button"
            onClick={handleRemove}
            aria-label={`Remove coupon ${applied.code}`}
            className="shrink-0 rounded-sm text-xs font-medium text-ink underline underline-offset-4 hover:text-sale"
          >
            Remove
          </button>
        </p>
      )}
    </div>
  );
}
