import { findIndianState, indianStates, type User } from '@shop/core';
import { useState, type FormEvent, type Ref } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert, FormField, SelectField } from '../../../components/form-field.tsx';
import { PaneHeader } from '../../../components/pane-header.tsx';
import { addressesAfterSaving, addressFormFor, addressProblem, type AddressForm } from '../address.ts';
import { useProfileSave } from './use-profile-save.ts';

interface AddressEditorProps {
  user: User;
  onBack: () => void;
  onSaved: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * "Edit Address", prefilled from the shipping address. Saving keeps the non-default
 * addresses (and the former default when this one is the new default), adds this one, then
 * refreshes the user (spec §4, core's `withSavedAddress`).
 */
const stateNames = indianStates.map((state) => state.name);

export function AddressEditor({ user, onBack, onSaved, headingRef }: AddressEditorProps) {
  const [form, setForm] = useState<AddressForm>(() => {
    const prefilled = addressFormFor(user.shippingAddress);
    // An address saved before the list (any spelling) shows under its listed name, or unchosen.
    return { ...prefilled, state: findIndianState(prefilled.state)?.name ?? '' };
  });
  const { message, setMessage, saving, save } = useProfileSave({
    failed: 'Failed to save address',
    saved: 'Address saved!',
    onSaved,
  });

  // Once a save was refused, what is wrong is worked out from the form as it stands, so each
  // message (and each field's mark) goes as soon as its fields are put right.
  const [checked, setChecked] = useState(false);
  const problem = checked ? addressProblem(form) : null;

  const text = (name: Exclude<keyof AddressForm, 'isDefault'>) => ({
    name,
    value: form[name],
    'aria-invalid': problem?.fields.includes(name) ? true : undefined,
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      // The server's refusal was about the address as sent, not as it is now being changed.
      setMessage(null);
    },
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // Spec §5's rule, then the server's (the PIN code is one of the state's), said before the round trip.
    if (addressProblem(form)) {
      setChecked(true);
      return;
    }
    await save({ addresses: addressesAfterSaving(user, form) });
  }

  return (
    <div>
      <PaneHeader title="Edit Address" onBack={onBack} ref={headingRef} />
      <form onSubmit={handleSubmit} noValidate className="mt-6 space-y-5" aria-busy={saving}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="House number" autoComplete="address-line1" aria-required="true" {...text('houseNumber')} />
          <FormField
            label="Postal code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            aria-required="true"
            hint="6-digit PIN code"
            {...text('pinCode')}
          />
        </div>
        <FormField label="Address line 1" autoComplete="address-line2" aria-required="true" {...text('addressLine1')} />
        <FormField label="Address line 2" optional autoComplete="address-line3" {...text('addressLine2')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="City" autoComplete="address-level2" aria-required="true" {...text('city')} />
          <SelectField
            label="State"
            autoComplete="address-level1"
            aria-required="true"
            options={stateNames}
            placeholder="Select a state"
            {...text('state')}
          />
        </div>
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="isDefault"
            checked={form.isDefault}
            onChange={(event) => setForm((current) => ({ ...current, isDefault: event.target.checked }))}
            className="h-5 w-5 rounded border-line accent-ink"
          />
          Make this my default address
        </label>
        <FormAlert message={problem?.message ?? message} />
        <button type="submit" className={buttonClass('primary', 'md', 'w-full sm:w-auto')} disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </button>
      </form>
    </div>
  );
}
