/**
 * Whether the shop delivers to a PIN code (`GET /api/delivery/:pin`), asked by the product page
 * and the checkout; the answer stays with the component that asked. Apart from the shop's
 * details (`store-info.ts`), which every page reads, so that only those pages download it.
 */
import type { DeliveryAnswerData } from '@shop/core';
import { useEffect, useState } from 'react';
import { failureFor } from '../http.ts';
import { createAppAsyncThunk, useAppDispatch } from './hooks.ts';

export const checkDelivery = createAppAsyncThunk(
  'storeInfo/checkDelivery',
  async (pinCode: string, { extra, rejectWithValue }) => {
    try {
      return await extra.api.get<DeliveryAnswerData>(`/delivery/${encodeURIComponent(pinCode)}`, { auth: false });
    } catch (error) {
      return rejectWithValue(failureFor(error, 'Could not check delivery. Please try again.'));
    }
  },
);

/** Whether the shop delivers to a saved address's PIN code: null while asking (or with no PIN). */
export function useDeliveryTo(pinCode: string | null | undefined): DeliveryAnswerData | null {
  const dispatch = useAppDispatch();
  // Kept with the PIN it answers, so another PIN's answer is never shown meanwhile.
  const [answer, setAnswer] = useState<DeliveryAnswerData | null>(null);
  useEffect(() => {
    if (!pinCode) return;
    let current = true;
    dispatch(checkDelivery(pinCode))
      .unwrap()
      .then((data) => current && setAnswer(data))
      .catch(() => {
        // Unknown is not a refusal: the server still decides when the order is placed.
      });
    return () => {
      current = false;
    };
  }, [dispatch, pinCode]);
  return pinCode && answer?.pinCode === pinCode ? answer : null;
}
