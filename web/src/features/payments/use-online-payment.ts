import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../lib/store/hooks.ts';
import { fetchPaymentOptions } from './slice.ts';

/**
 * Whether the shop takes online payment now: false only once the server has said so (no
 * provider configured), so checkout never offers a button the server would refuse. Unknown
 * (not answered yet, or unreachable) counts as available: the server still decides.
 */
export function useOnlinePaymentAvailable(): boolean {
  const dispatch = useAppDispatch();
  const [available, setAvailable] = useState(true);
  useEffect(() => {
    const request = dispatch(fetchPaymentOptions());
    request
      .unwrap()
      .then((options) => setAvailable(options.online.available))
      .catch(() => {
        // Not known: keep offering it; placing the order answers for itself.
      });
    return () => request.abort();
  }, [dispatch]);
  return available;
}
