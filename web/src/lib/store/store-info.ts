/** The shop's details as every page reads them (the answer is kept in `store-info-slice.ts`). */
import type { StoreInfo } from '@shop/core';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import { selectStoreInfo } from './store-info-slice.ts';

/** The shop's promises, or null until they have arrived (nothing is promised before). */
export function useStoreInfo(): StoreInfo | null {
  const dispatch = useAppDispatch();
  const info = useAppSelector(selectStoreInfo);
  useEffect(() => {
    // Every page asks while there is no answer; the data layer makes one request of them all.
    if (!info) void import('../api/store-info.ts').then(({ fetchStoreInfo }) => dispatch(fetchStoreInfo()));
  }, [dispatch, info]);
  return info;
}
