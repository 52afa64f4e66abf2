import type { ProfileUpdateBody } from '@shop/core';
import { useState } from 'react';
import { failureText } from '../../../lib/api/failure.ts';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { toast } from '../../../lib/toasts.tsx';
import { fetchProfile, updateProfile } from '../slice.ts';

interface ProfileSaveTexts {
  /** The toast when the server refuses (its message shows under the form). */
  failed: string;
  /** The toast once saved. */
  saved: string;
  onSaved: () => void;
}

/**
 * Saves part of the profile from an editor: a refusal shows the server's message under the
 * form, and a toast; a success fetches the user again, then toasts and calls `onSaved`.
 * `message` is also the editor's own line for input it refuses before sending.
 */
export function useProfileSave({ failed, saved, onSaved }: ProfileSaveTexts) {
  const dispatch = useAppDispatch();
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(body: ProfileUpdateBody) {
    setMessage(null);
    setSaving(true);
    try {
      await dispatch(updateProfile(body)).unwrap();
    } catch (error) {
      setSaving(false);
      setMessage(failureText(error));
      toast.error(failed);
      return;
    }
    await dispatch(fetchProfile());
    setSaving(false);
    toast.success(saved);
    onSaved();
  }

  return { message, setMessage, saving, save };
}
