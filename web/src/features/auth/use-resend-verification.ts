import { useState } from 'react';
import { failureText, type RequestFailure } from '../../lib/api/failure.ts';
import { useAppDispatch } from '../../lib/store/hooks.ts';
import { toast } from '../../lib/toasts.tsx';
import { fetchProfile, sendVerificationEmail } from './slice.ts';

/**
 * Sends the signed-in account a new verification link, saying so in a toast. An account
 * verified meanwhile (409 ALREADY_VERIFIED, in another tab say) has its profile fetched again,
 * so whatever asked for the link sees it verified.
 */
export function useResendVerification(): { send: () => Promise<void>; sending: boolean } {
  const dispatch = useAppDispatch();
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      await dispatch(sendVerificationEmail()).unwrap();
      toast.success('We have sent a new link to your email address.');
    } catch (failure) {
      toast.error(failureText(failure));
      if ((failure as RequestFailure).code === 'ALREADY_VERIFIED') void dispatch(fetchProfile());
    } finally {
      setSending(false);
    }
  }

  return { send, sending };
}
