/**
 * What the home page shows from the shop (`GET /api/home`): deals, New Arrivals' first cards,
 * the featured product and testimonials. Kept here, where the page reads it without the data
 * layer: a server-rendered home page starts with the answer, and its first download has no room
 * for RTK Query (docs/decisions.md). A home page that starts without it (reached from another
 * page) loads the data layer to ask (`useHomePage`).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HomePage } from '@shop/core';
import { rootReducer } from '../../lib/store/store.ts';

export interface HomeState {
  /** The data layer's last answer; null until it has answered. */
  data: HomePage | null;
}

declare module '../../lib/store/store.ts' {
  interface EagerSlices {
    home: HomeState;
  }
}

const initialState: HomeState = { data: null };

const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {
    homePageReceived(state, action: PayloadAction<HomePage>) {
      state.data = action.payload;
    },
  },
});

export const { homePageReceived } = homeSlice.actions;

const injectedHomeSlice = homeSlice.injectInto(rootReducer);
export const selectHomePage = (state: Parameters<typeof injectedHomeSlice.selectSlice>[0]) =>
  injectedHomeSlice.selectSlice(state).data;
