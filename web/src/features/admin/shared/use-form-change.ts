import { useState } from 'react';
import { failureText } from './notify.ts';

/**
 * A staff form that sends one change: `saving` while the request is out, and the text of
 * its refusal (shown under the form) until the next try.
 */
export function useFormChange() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Sends the change; answers whether the server made it. */
  async function send(request: () => Promise<unknown>): Promise<boolean> {
    setSaving(true);
    setError(null);
    try {
      await request();
      return true;
    } catch (failure) {
      setError(failureText(failure));
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { saving, error, send };
}
