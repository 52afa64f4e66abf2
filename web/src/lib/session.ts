/**
 * The login session as the browser keeps it: `token` and `user` in localStorage (spec §3).
 * Until the auth feature lands, "signed in" is judged from a stored `user` (spec §2).
 */
import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/** The few user fields the shell needs; the auth feature owns the full shape. */
export interface StoredUser {
  _id?: string;
  firstName?: string;
  lastName?: string;
  fullName?: string;
  email?: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) || null;
}

/** Raw JSON text of the stored user; the snapshot `useSyncExternalStore` compares. */
function readStoredUserText(): string | null {
  return storage()?.getItem(USER_KEY) ?? null;
}

export function parseStoredUser(text: string | null): StoredUser | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

export function readStoredUser(): StoredUser | null {
  return parseStoredUser(readStoredUserText());
}

const listeners = new Set<() => void>();

/** Tell subscribers the stored session changed (same-tab writes fire no `storage` event). */
export function notifySessionChanged(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_KEY || event.key === TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** True when a user is stored in localStorage; re-renders when it changes. */
export function useIsSignedIn(): boolean {
  const text = useSyncExternalStore(subscribe, readStoredUserText, () => null);
  return parseStoredUser(text) !== null;
}
