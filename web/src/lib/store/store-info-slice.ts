/**
 * What the shop promises about shipping, tax and cash on delivery (`GET /api/store`), read once
 * per visit and shared by every page that speaks of them: the banner, product page, footer,
 * policies, cart and checkout all say what the totals do, from the settings the totals use.
 *
 * The data layer fetches it (`lib/api/store-info.ts`) and keeps its answer here, where the
 * layout reads it without the data layer: a server-rendered page starts with the answer, and
 * the home page's first download has no room for RTK Query (docs/decisions.md). Only a page
 * that starts without it loads the data layer to ask (`useStoreInfo`).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoreInfo } from '@shop/core';
import { rootReducer } from './store.ts';

export interface StoreInfoState {
  /** The data layer's last answer; null until it has answered. */
  data: StoreInfo | null;
}

declare module './store.ts' {
  interface EagerSlices {
    storeInfo: StoreInfoState;
  }
}

const initialState: StoreInfoState = { data: null };

const storeInfoSlice = createSlice({
  name: 'storeInfo',
  initialState,
  reducers: {
    /** The data layer answered (at start, or again after staff changed the settings). */
    storeInfoReceived(state, action: PayloadAction<StoreInfo>) {
      state.data = action.payload;
    },
  },
});

export const { storeInfoReceived } = storeInfoSlice.actions;

const injectedStoreInfoSlice = storeInfoSlice.injectInto(rootReducer);
export const selectStoreInfo = (state: Parameters<typeof injectedStoreInfoSlice.selectSlice>[0]) =>
  injectedStoreInfoSlice.selectSlice(state).data;
