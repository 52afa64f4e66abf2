import { usePaymentOptions } from './slice.ts';

/**
 * Whether the shop takes online payment now: false only once the server has said so (no
 * provider configured), so checkout never offers a button the server would refuse. Unknown
 * (not answered yet, or unreachable) counts as available: the server still decides.
 */
export function useOnlinePaymentAvailable(): boolean {
  return usePaymentOptions().data?.online.available ?? true;
}
