import { AWB_PATTERN, courierNames, couriers, type Courier } from '@shop/core';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form-field.tsx';
import { BoxIcon } from '../../../components/icons/box.tsx';
import { controlClass, Field } from '../shared/form-controls.tsx';
import { failureText, notifySuccess } from '../shared/notify.ts';
import { useMarkShippedMutation } from './api.ts';

interface ShipDialogProps {
  orderId: string;
  orderNumber: string;
  onClose: () => void;
}

/**
 * "Mark shipped": the courier and the AWB number it printed, then a confirmation. The shopper's
 * email names both and links to the courier's tracking page.
 */
export function ShipDialog({ orderId, orderNumber, onClose }: ShipDialogProps) {
  const formId = useId();
  const [markShipped, { isLoading }] = useMarkShippedMutation();
  const [courier, setCourier] = useState<Courier | ''>('');
  const [awb, setAwb] = useState('');
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const courierError = checked && courier === '' ? 'Choose the courier.' : undefined;
  const awbError =
    checked && !AWB_PATTERN.test(awb.trim()) ? 'Enter the AWB number: 4 to 40 letters, digits or dashes.' : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (courier === '' || !AWB_PATTERN.test(awb.trim())) return;
    setError(null);
    try {
      await markShipped({ orderId, body: { courier, awb: awb.trim() } }).unwrap();
      notifySuccess('Order marked shipped');
      onClose();
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  return (
    <Dialog
      open
      title={`Ship order ${orderNumber}`}
      icon={<BoxIcon size={20} />}
      onClose={() => !isLoading && onClose()}
      actions={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={isLoading}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass('primary')} disabled={isLoading}>
            {isLoading ? 'Saving…' : 'Mark shipped'}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4 text-ink">
        <p className="text-muted">The shopper is emailed the AWB number and the courier’s tracking link.</p>
        <Field label="Courier" error={courierError}>
          {(control) => (
            <select
              {...control}
              className={controlClass}
              value={courier}
              onChange={(event) => setCourier(event.target.value as Courier | '')}
            >
              <option value="">Choose the courier</option>
              {couriers.map((c) => (
                <option key={c} value={c}>
                  {courierNames[c]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="AWB number" error={awbError}>
          {(control) => (
            <input
              {...control}
              className={controlClass}
              value={awb}
              maxLength={40}
              autoComplete="off"
              onChange={(event) => setAwb(event.target.value)}
            />
          )}
        </Field>
        <FormAlert message={error} />
      </form>
    </Dialog>
  );
}
