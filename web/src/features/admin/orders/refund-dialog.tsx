import type { AdminOrderDetail } from '@shop/core';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { formatPrice } from '../../../lib/format.ts';

type Way = 'provider' | 'elsewhere';

interface RefundDialogProps {
  open: boolean;
  orderNumber: string;
  payment: NonNullable<AdminOrderDetail['payment']>;
  busy: boolean;
  /** Why the last attempt failed, in the server's words. */
  error: string | null;
  onClose: () => void;
  /** No reference: refund through the provider; a reference: a refund made by other means. */
  onRefund: (reference: string | undefined) => void;
}

/**
 * Records a refund of the captured payment: the shop asks the payment provider to refund it,
 * or staff who refunded it some other way (a bank transfer) record that refund's reference.
 */
export function RefundDialog({ open, orderNumber, payment, busy, error, onClose, onRefund }: RefundDialogProps) {
  const formId = useId();
  const [way, setWay] = useState<Way>('provider');
  const [reference, setReference] = useState('');
  const [missingReference, setMissingReference] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (way === 'provider') return onRefund(undefined);
    const trimmed = reference.trim();
    setMissingReference(trimmed === '');
    if (trimmed) onRefund(trimmed);
  }

  return (
    <Dialog
      open={open}
      title="Record a refund"
      onClose={() => !busy && onClose()}
      actions={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            Close
          </button>
          <button type="submit" form={formId} className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Refunding…' : way === 'provider' ? `Refund ${formatPrice(payment.amount)}` : 'Record refund'}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="text-ink">
        <p className="text-muted">
          Order {orderNumber} was paid {formatPrice(payment.amount)} online ({payment.provider}).
        </p>
        <fieldset className="mt-4 space-y-2">
          <legend className="sr-only">How is it refunded?</legend>
          <WayOption
            checked={way === 'provider'}
            onSelect={() => setWay('provider')}
            label="Refund through the payment provider"
            hint="The shop asks the provider to return the money to the shopper."
          />
          <WayOption
            checked={way === 'elsewhere'}
            onSelect={() => setWay('elsewhere')}
            label="Record a refund made elsewhere"
            hint="You already returned the money another way, e.g. a bank transfer."
          />
        </fieldset>
        {way === 'elsewhere' && (
          <FormField
            className="mt-4"
            label="Refund reference"
            hint={missingReference ? 'Enter the reference of the refund you made.' : 'e.g. the bank transfer’s UTR.'}
            value={reference}
            maxLength={100}
            required
            aria-invalid={missingReference || undefined}
            onChange={(event) => setReference(event.target.value)}
          />
        )}
        <FormAlert message={error} className="mt-4" />
      </form>
    </Dialog>
  );
}

function WayOption({
  checked,
  onSelect,
  label,
  hint,
}: {
  checked: boolean;
  onSelect: () => void;
  label: string;
  hint: string;
}) {
  return (
    <label
      className={`flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors ${
        checked ? 'border-ink bg-sand/40' : 'border-line hover:border-ink/30'
      }`}
    >
      <input type="radio" name="refund-way" checked={checked} onChange={onSelect} className="mt-1 accent-ink" />
      <span>
        <span className="block font-medium">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </span>
    </label>
  );
}
