import type { User } from '@shop/core';
import { useState, type FormEvent, type Ref } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { PaneHeader } from '../../../components/pane-header.tsx';
import { useProfileSave } from './use-profile-save.ts';

/** Spec §5 and §9: non-blank and at least 10 characters. */
const MIN_PHONE_LENGTH = 10;

interface PhoneEditorProps {
  user: User;
  onBack: () => void;
  onSaved: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** "Update Phone Number": saving refreshes the user and returns to the details (spec §4). */
export function PhoneEditor({ user, onBack, onSaved, headingRef }: PhoneEditorProps) {
  const [phone, setPhone] = useState(user.phone ?? '');
  const { message, setMessage, saving, save } = useProfileSave({
    failed: 'Failed to update phone number.',
    saved: 'Phone number updated!',
    onSaved,
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const value = phone.trim();
    if (value.length < MIN_PHONE_LENGTH) {
      setMessage('Please enter a valid phone number.');
      return;
    }
    await save({ phone: value });
  }

  return (
    <div>
      <PaneHeader title="Update Phone Number" onBack={onBack} ref={headingRef} />
      <form onSubmit={handleSubmit} noValidate className="mt-6 max-w-md space-y-5" aria-busy={saving}>
        <FormField
          label="Phone number"
          type="tel"
          name="phone"
          inputMode="tel"
          autoComplete="tel"
          placeholder="98765 43210"
          hint="A 10-digit mobile number, so the courier can reach you."
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <FormAlert message={message} />
        <button type="submit" className={buttonClass('primary', 'md', 'w-full sm:w-auto')} disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </form>
    </div>
  );
}
