import type { Address } from '@shop/core';
import { shippingLine } from '../checkout.ts';

interface ShipToPickerProps {
  addresses: Address[];
  /** The address the order will ship to (the one shown as "Shipping to"). */
  chosen: Address | null;
  onChoose: (addressId: string) => void;
  disabled?: boolean;
}

/**
 * The checkout's choice among the shopper's saved addresses, for this order only (the default
 * stays as saved). Shown only when there is a choice to make.
 */
export function ShipToPicker({ addresses, chosen, onChoose, disabled = false }: ShipToPickerProps) {
  if (addresses.length < 2) return null;
  return (
    <fieldset className="mt-4" disabled={disabled}>
      <legend className="text-sm font-medium text-ink">Ship this order to</legend>
      <div className="mt-2 space-y-2">
        {addresses.map((address) => (
          <label
            key={address._id}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-line px-4 py-3 text-sm leading-6 text-ink-soft has-checked:border-ink"
          >
            <input
              type="radio"
              name="shipTo"
              value={address._id}
              checked={address._id === chosen?._id}
              onChange={() => onChoose(address._id)}
              className="mt-1 h-4 w-4 shrink-0 accent-ink"
            />
            <span>
              {shippingLine(address)}
              {address.isDefault && <span className="ml-2 text-xs text-muted">(default)</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
