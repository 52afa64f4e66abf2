/**
 * Events about the session that several slices react to. Features never import each other:
 * the auth feature dispatches these, and any slice (the cart, orders) may listen.
 */
import { createAction } from '@reduxjs/toolkit';

export type SignOutReason =
  /** The shopper pressed Log Out. */
  | 'logout'
  /** The server refused the token (expired or revoked), or no token was held. */
  | 'expired';

/** The session is over: token and user are gone from localStorage. */
export const signedOut = createAction<{ reason: SignOutReason }>('session/signedOut');
