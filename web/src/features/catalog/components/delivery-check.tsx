import { isSixDigitPin, type DeliveryAnswerData } from '@shop/core';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { checkDelivery } from '../../../lib/store/delivery.ts';
import { buttonClass } from '../../../components/button.ts';
import { inputClass } from '../../../components/form-field.tsx';
import type { RequestFailure } from '../../../lib/http.ts';

/**
 * "Check delivery": the shopper types a PIN code and is told at once whether the shop delivers
 * there and takes cash on delivery ("Delivers to 560001 · Cash on delivery available").
 */
export function DeliveryCheck() {
  const dispatch = useAppDispatch();
  const id = useId();
  const [pin, setPin] = useState('');
  const [answer, setAnswer] = useState<DeliveryAnswerData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pinCode = pin.trim();
    setAnswer(null);
    // Only what is not six digits is refused here; whether six digits are a PIN code the shop
    // serves (or any PIN code at all) is the shop's answer to give.
    if (!isSixDigitPin(pinCode)) {
      setError('Please enter a 6-digit PIN code.');
      return;
    }
    setError(null);
    setChecking(true);
    try {
      setAnswer(await dispatch(checkDelivery(pinCode)).unwrap());
    } catch (failure) {
      setError((failure as RequestFailure).message);
    } finally {
      setChecking(false);
    }
  }

  const tone = error || !answer?.serviceable ? 'text-sale' : answer.cod ? 'text-success' : 'text-accent';
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Check delivery" className="mt-2">
      <label htmlFor={id} className="block font-medium">
        Check delivery
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          name="pinCode"
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="PIN code"
          className={`${inputClass} max-w-40`}
        />
        <button type="submit" className={buttonClass('secondary', 'md')} disabled={checking}>
          {checking ? 'Checking...' : 'Check'}
        </button>
      </div>
      <p role="status" className={`mt-2 min-h-5 text-sm ${tone}`}>
        {error ?? answer?.message ?? ''}
      </p>
    </form>
  );
}
