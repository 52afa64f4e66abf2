/**
 * What the shop promises about shipping, tax and cash on delivery (`GET /api/store`), read once
 * per visit and shared by every page that speaks of them: the banner, product page, footer,
 * policies, cart and checkout all say what the totals do, from the settings the totals use.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { StoreInfo } from '@shop/core';
import { useEffect } from 'react';
import { failureFor } from '../http.ts';
import { createAppAsyncThunk, useAppDispatch, useAppSelector } from './hooks.ts';
import { rootReducer } from './store.ts';

export interface StoreInfoState {
  data: StoreInfo | null;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
}

declare module './store.ts' {
  interface EagerSlices {
    storeInfo: StoreInfoState;
  }
}

const initialState: StoreInfoState = { data: null, status: 'idle' };

export const fetchStoreInfo = createAppAsyncThunk(
  'storeInfo/fetch',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      return await extra.api.get<StoreInfo>('/store', { auth: false });
    } catch (error) {
      return rejectWithValue(failureFor(error, 'Could not load the shop details'));
    }
  },
  // Once per visit: every page asks, the first asking fetches.
  { condition: (_, { getState }) => selectStoreInfoState(getState()).status === 'idle' },
);

const storeInfoSlice = createSlice({
  name: 'storeInfo',
  initialState,
  reducers: {
    /** The settings changed (staff saved them): the next reader fetches them again. */
    storeInfoStale(state) {
      if (state.status !== 'loading') state.status = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchStoreInfo.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchStoreInfo.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.data = action.payload;
      })
      .addCase(fetchStoreInfo.rejected, (state) => {
        state.status = 'failed';
      });
  },
});

export const { storeInfoStale } = storeInfoSlice.actions;

const injectedStoreInfoSlice = storeInfoSlice.injectInto(rootReducer);
const selectStoreInfoState = injectedStoreInfoSlice.selectSlice;

/** The shop's promises, or null until they have arrived (nothing is promised before). */
export function useStoreInfo(): StoreInfo | null {
  const dispatch = useAppDispatch();
  const info = useAppSelector(selectStoreInfoState);
  useEffect(() => {
    if (info.status === 'idle') void dispatch(fetchStoreInfo());
  }, [dispatch, info.status]);
  return info.data;
}
