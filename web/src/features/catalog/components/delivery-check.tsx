import { isSixDigitPin } from '@shop/core';
import { useId, useState, type FormEvent } from 'react';
import { useLazyCheckDeliveryQuery } from '../../../lib/api/delivery.ts';
import { failureText } from '../../../lib/api/failure.ts';
import { buttonClass } from '../../../components/button.ts';
import { inputClass } from '../../../components/form-field.tsx';

/**
 * "Check delivery": the shopper types a PIN code and is told at once whether the shop delivers
 * there and takes cash on delivery ("Delivers to 560001 · Cash on delivery available").
 */
export function DeliveryCheck() {
  const id = useId();
  const [pin, setPin] = useState('');
  const [shapeError, setShapeError] = useState<string | null>(null);
  const [check, checked] = useLazyCheckDeliveryQuery();
  // Nothing from an earlier check shows while the PIN typed is refused for its shape.
  const answer = shapeError ? null : (checked.currentData ?? null);
  const error = shapeError ?? (checked.isError && !checked.isFetching ? failureText(checked.error) : null);
  const checking = checked.isFetching;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pinCode = pin.trim();
    // Only what is not six digits is refused here; whether six digits are a PIN code the shop
    // serves (or any PIN code at all) is the shop's answer to give.
    if (!isSixDigitPin(pinCode)) {
      setShapeError('Please enter a 6-digit PIN code.');
      return;
    }
    setShapeError(null);
    // Asked afresh each time: the shop's delivery ranges may have changed.
    void check(pinCode);
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
