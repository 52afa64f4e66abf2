import type { HomePage } from '@shop/core';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks.ts';
import { selectHomePage } from './home-slice.ts';

/** The home page's data, or null until it has arrived (no section claims anything before). */
export function useHomePage(): HomePage | null {
  const dispatch = useAppDispatch();
  const home = useAppSelector(selectHomePage);
  useEffect(() => {
    if (!home) void import('./home-api.ts').then(({ fetchHomePage }) => dispatch(fetchHomePage()));
  }, [dispatch, home]);
  return home;
}
