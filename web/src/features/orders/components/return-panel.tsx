import {
  formatRupees,
  MAX_RETURN_PHOTOS,
  photoRequiredReasons,
  returnReasonLabels,
  returnReasons,
  returnStatusLabels,
  toPaise,
  variantLabel,
  type Order,
  type ReturnData,
  type ReturnOptionsData,
  type ReturnReason,
  type ReturnRequestBody,
} from '@shop/core';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert, FormField, inputClass } from '../../../components/form-field.tsx';
import { BoxIcon } from '../../../components/icons/box.tsx';
import { failureText } from '../../../lib/api/failure.ts';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { imageFileProblem, uploadReturnPhoto } from '../../../lib/upload-image.ts';
import { useGetReturnOptionsQuery, useRequestReturnMutation } from '../returns-api.ts';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A delivered order's returns in My Orders: each return's number, where it stands and its
 * timeline, and "Return items" while the owner's window is open.
 */
export function OrderReturns({ order, returns }: { order: Order; returns: ReturnData[] }) {
  const [asking, setAsking] = useState(false);
  return (
    <section aria-label={`Returns of order ${order.orderNumber}`} className="mt-4 space-y-3">
      {returns.map((ret) => (
        <ReturnSummary key={ret._id} ret={ret} />
      ))}
      {order.status === 'delivered' && (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => setAsking(true)}
          aria-label={`Return items of Order ${order.orderNumber}`}
        >
          Return items
        </button>
      )}
      {asking && <ReturnDialog order={order} onClose={() => setAsking(false)} />}
    </section>
  );
}

function ReturnSummary({ ret }: { ret: ReturnData }) {
  return (
    <div className="rounded-xl bg-sand/50 p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          Return <span className="font-mono">{ret.number}</span>: {returnStatusLabels[ret.status]}
        </p>
        <p className="text-muted">{returnReasonLabels[ret.reason]}</p>
      </div>
      <p className="mt-1 text-muted">
        {ret.lines
          .map((l) => `${l.name} (${variantLabel({ color: l.color ?? '', size: l.size })}) × ${l.quantity}`)
          .join(', ')}
      </p>
      {ret.refund && (
        <p className="mt-1">
          Refunded {formatRupees(toPaise(ret.refund.amount))} to {ret.refundTo.text.toLowerCase()} (reference{' '}
          {ret.refund.reference}).
        </p>
      )}
      {ret.decisionReason && ret.status === 'rejected' && <p className="mt-1">Why: {ret.decisionReason}</p>}
      <ol className="mt-3 space-y-1 border-l border-line pl-4" aria-label={`Timeline of return ${ret.number}`}>
        {ret.events.map((event) => (
          <li key={`${event.status}-${event.at}`}>
            <span className="font-medium">{returnStatusLabels[event.status]}</span>{' '}
            <time dateTime={event.at} className="text-muted">
              {when.format(new Date(event.at))}
            </time>
            {event.note && <span className="text-muted"> · {event.note}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

function ReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { data: options, error } = useGetReturnOptionsQuery(order._id, { refetchOnMountOrArgChange: true });
  return (
    <Dialog open onClose={onClose} title={`Return items of ${order.orderNumber}`} icon={<BoxIcon size={20} />}>
      {error ? (
        <FormAlert message={failureText(error)} />
      ) : !options ? (
        <p>Loading…</p>
      ) : !options.open ? (
        <p>
          Returns can be asked for within {options.windowDays} days of delivery
          {options.deadline ? `; for this order that ended on ${when.format(new Date(options.deadline))}` : ''}.
        </p>
      ) : (
        <ReturnForm order={order} options={options} onDone={onClose} />
      )}
    </Dialog>
  );
}

interface LineChoice {
  quantity: number;
  exchangeSize: string;
}

function ReturnForm({ order, options, onDone }: { order: Order; options: ReturnOptionsData; onDone: () => void }) {
  const [requestReturn, { isLoading }] = useRequestReturnMutation();
  const [lines, setLines] = useState<Record<number, LineChoice>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [details, setDetails] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [method, setMethod] = useState<'upi' | 'bank'>('upi');
  const [upiId, setUpiId] = useState('');
  const [bank, setBank] = useState({ accountName: '', accountNumber: '', ifsc: '' });
  const [error, setError] = useState<string | null>(null);
  const exchange = Object.values(lines).some((l) => l.exchangeSize !== '');

  async function addPhoto(file: File) {
    const problem = imageFileProblem(file);
    if (problem) return setError(problem);
    setUploading(true);
    try {
      const { url } = await uploadReturnPhoto(file);
      setPhotos((current) => [...current, url]);
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = Object.entries(lines).filter(([, l]) => l.quantity > 0);
    if (chosen.length === 0) return setError('Choose at least one item to return.');
    if (!reason) return setError('Choose a reason.');
    if (photoRequiredReasons.includes(reason) && photos.length === 0) return setError('Add a photo of the damage.');
    const body: ReturnRequestBody = {
      lines: chosen.map(([position, l]) => ({
        position: Number(position),
        quantity: l.quantity,
        ...(l.exchangeSize && { exchangeSize: l.exchangeSize }),
      })),
      reason,
      details,
      photos,
      ...(options.needsRefundDestination &&
        !exchange && {
          refundTo: method === 'upi' ? { method, upiId } : { method, ...bank },
        }),
    };
    try {
      await requestReturn({ orderId: order._id, body }).unwrap();
      toast.success('Return requested. We will email you our answer.', { autoClose: toastDurations.orders });
      onDone();
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  const setLine = (position: number, change: Partial<LineChoice>) =>
    setLines((current) => ({
      ...current,
      [position]: { quantity: 0, exchangeSize: '', ...current[position], ...change },
    }));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5 text-sm">
      <fieldset className="space-y-3">
        <legend className="font-medium">Items to return</legend>
        {options.lines.map((line) => {
          const label = `${line.name} (${variantLabel({ color: line.color ?? '', size: line.size })})`;
          const choice = lines[line.position];
          return (
            <div key={line.position} className="flex flex-wrap items-center gap-3">
              <label className="flex min-w-0 flex-1 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-ink"
                  disabled={line.returnable === 0}
                  checked={(choice?.quantity ?? 0) > 0}
                  onChange={(event) => setLine(line.position, { quantity: event.target.checked ? 1 : 0 })}
                />
                <span>
                  {label}
                  {line.returnable === 0 && <span className="text-muted"> · already asked back</span>}
                </span>
              </label>
              {(choice?.quantity ?? 0) > 0 && line.returnable > 1 && (
                <label className="flex items-center gap-2">
                  <span className="text-muted">How many</span>
                  <select
                    className={`${inputClass} h-10 w-20`}
                    value={choice!.quantity}
                    onChange={(event) => setLine(line.position, { quantity: Number(event.target.value) })}
                  >
                    {Array.from({ length: line.returnable }, (_, i) => i + 1).map((n) => (
                      <option key={n}>{n}</option>
                    ))}
                  </select>
                </label>
              )}
              {(choice?.quantity ?? 0) > 0 && options.allowExchanges && line.otherSizes.length > 0 && (
                <label className="flex items-center gap-2">
                  <span className="text-muted">Instead</span>
                  <select
                    className={`${inputClass} h-10 w-44`}
                    value={choice!.exchangeSize}
                    onChange={(event) => setLine(line.position, { exchangeSize: event.target.value })}
                  >
                    <option value="">A refund</option>
                    {line.otherSizes.map((size) => (
                      <option key={size} value={size}>
                        Size {size}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          );
        })}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="font-medium">Reason</legend>
        {returnReasons.map((r) => (
          <label key={r} className="flex items-center gap-2">
            <input
              type="radio"
              name="reason"
              className="size-4 accent-ink"
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {returnReasonLabels[r]}
          </label>
        ))}
      </fieldset>

      <label className="block">
        <span className="font-medium">What is wrong</span> <span className="text-muted">(optional)</span>
        <textarea
          className={`${inputClass} mt-1 h-20 py-2`}
          maxLength={1000}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
      </label>

      <div>
        <label className={buttonClass('secondary', 'sm', 'cursor-pointer')}>
          {uploading ? 'Uploading…' : 'Add a photo'}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={uploading || photos.length >= MAX_RETURN_PHOTOS}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void addPhoto(file);
            }}
          />
        </label>
        <span className="ml-3 text-muted">
          {photos.length === 0
            ? reason && photoRequiredReasons.includes(reason)
              ? 'Required for damaged items.'
              : 'Optional.'
            : `${photos.length} ${photos.length === 1 ? 'photo' : 'photos'} added.`}
        </span>
        {photos.length > 0 && (
          <ul className="mt-2 flex gap-2" aria-label="Photos added">
            {photos.map((url) => (
              <li key={url}>
                <img src={url} alt="A photo you added" className="h-14 w-14 rounded-lg object-cover" />
              </li>
            ))}
          </ul>
        )}
      </div>

      {options.needsRefundDestination && !exchange && (
        <fieldset className="space-y-3">
          <legend className="font-medium">Where we refund (you paid in cash)</legend>
          <div className="flex gap-4">
            {(['upi', 'bank'] as const).map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="refund-method"
                  className="size-4 accent-ink"
                  checked={method === m}
                  onChange={() => setMethod(m)}
                />
                {m === 'upi' ? 'UPI' : 'Bank account'}
              </label>
            ))}
          </div>
          {method === 'upi' ? (
            <FormField
              label="UPI ID"
              placeholder="name@bank"
              value={upiId}
              onChange={(e) => setUpiId(e.target.value)}
            />
          ) : (
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField
                label="Account holder"
                value={bank.accountName}
                onChange={(e) => setBank({ ...bank, accountName: e.target.value })}
              />
              <FormField
                label="Account number"
                inputMode="numeric"
                value={bank.accountNumber}
                onChange={(e) => setBank({ ...bank, accountNumber: e.target.value })}
              />
              <FormField
                label="IFSC"
                placeholder="SBIN0001234"
                value={bank.ifsc}
                onChange={(e) => setBank({ ...bank, ifsc: e.target.value })}
              />
            </div>
          )}
        </fieldset>
      )}

      <FormAlert message={error} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass('primary', 'md')} disabled={isLoading || uploading}>
          {isLoading ? 'Sending…' : exchange ? 'Ask for the exchange' : 'Ask for the return'}
        </button>
        <button type="button" className={buttonClass('secondary', 'md')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
