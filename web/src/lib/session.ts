/**
 * The login session as the browser keeps it: `token` and `user` in localStorage (spec §3).
 * Every write tells the subscribers, so the header follows a sign-in or sign-out at once
 * (same-tab writes fire no `storage` event); other tabs are followed through that event.
 */
import type { Address, User } from '@shop/core';
import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

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

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function parseAddress(value: unknown): Address | null {
  if (typeof value !== 'object' || value === null) return null;
  const a = value as Record<string, unknown>;
  return {
    _id: text(a._id),
    name: text(a.name) || 'Home',
    addressLine1: text(a.addressLine1),
    addressLine2: text(a.addressLine2),
    city: text(a.city),
    state: text(a.state),
    pinCode: text(a.pinCode),
    isDefault: a.isDefault === true,
  };
}

/**
 * The stored user, as a whole `User`: an older or partial copy gets empty values for what
 * it lacks (the profile fetch at start-up replaces it). Anything without an id is no user.
 */
export function parseStoredUser(json: string | null): User | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const u = value as Record<string, unknown>;
  if (!text(u._id)) return null;
  const firstName = text(u.firstName);
  const lastName = text(u.lastName);
  const addresses = Array.isArray(u.addresses)
    ? u.addresses.map(parseAddress).filter((a): a is Address => a !== null)
    : [];
  return {
    _id: text(u._id),
    firstName,
    lastName,
    fullName: text(u.fullName) || `${firstName} ${lastName}`.trim(),
    email: text(u.email),
    phone: text(u.phone) || null,
    role: u.role === 'admin' ? 'admin' : 'customer',
    // An older copy does not say: no alarm until the profile fetch does.
    emailVerified: u.emailVerified !== false,
    addresses,
    shippingAddress: parseAddress(u.shippingAddress),
  };
}

export function readStoredUser(): User | null {
  return parseStoredUser(readStoredUserText());
}

const listeners = new Set<() => void>();

/** Tell subscribers the stored session changed. */
function notifySessionChanged(): void {
  for (const listener of listeners) listener();
}

export function saveToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  notifySessionChanged();
}

export function saveUser(user: User): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  notifySessionChanged();
}

/** Forgets the session: token and user (spec §4, logout). */
export function clearSession(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
  notifySessionChanged();
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
export function useHasStoredUser(): boolean {
  const json = useSyncExternalStore(subscribe, readStoredUserText, () => null);
  return parseStoredUser(json) !== null;
}
