/**
 * The auth state (spec §3, §4: user, loading, error; and the token the data layer sends) and
 * what every page does with it: user and token start as the ones stored in localStorage, a
 * restore sets them directly, sign-out forgets them. The layout reads it on every page, so this
 * module loads with the first one. The auth calls (sign-in, sign-up, the profile, …) and how
 * they move `loading` and `error` load with the pages and the start-up that make them
 * (`slice.ts`), whose reducer then takes over from this one.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@shop/core';
import { signedOut, type SignOutReason } from '../../lib/store/session-events.ts';
import { rootReducer, type AppDispatch, type RootState } from '../../lib/store/store.ts';
import { clearSession, readStoredUser, readToken } from '../../lib/session.ts';

export interface AuthState {
  user: User | null;
  loading: boolean;
  error: string | null;
  /** The bearer token the data layer sends (`lib/api/base-query.ts`), as localStorage keeps it. */
  token: string | null;
}

declare module '../../lib/store/store.ts' {
  interface EagerSlices {
    auth: AuthState;
  }
}

/** Read when a store is made, so each store (and test) sees the localStorage of its time. */
export function initialAuthState(): AuthState {
  return { user: readStoredUser(), loading: false, error: null, token: readToken() };
}

const sessionSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The stored session (from localStorage, read when the action is made) is this store's again. */
    userRestored: {
      reducer(state, action: PayloadAction<{ user: User; token: string | null }>) {
        state.user = action.payload.user;
        state.token = action.payload.token;
      },
      prepare: (user: User, token: string | null = readToken()) => ({ payload: { user, token } }),
    },
    authErrorCleared(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => {
      state.user = null;
      state.loading = false;
      state.error = null;
      state.token = null;
    });
  },
});

export const { userRestored, authErrorCleared } = sessionSlice.actions;

/** The cases above, which the whole auth reducer (`slice.ts`) runs before those of the calls. */
export const sessionReducer = sessionSlice.reducer;

const injectedSessionSlice = sessionSlice.injectInto(rootReducer);

export const selectAuth = injectedSessionSlice.selectSlice;
export const selectUser = (state: RootState) => selectAuth(state).user;

/** Forgets the session in localStorage, then tells every slice. */
export function endSession(reason: SignOutReason) {
  return (dispatch: AppDispatch) => {
    clearSession();
    dispatch(signedOut({ reason }));
  };
}
