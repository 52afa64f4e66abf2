/** What other features may use of the account: who is signed in, and fetching their profile again. */
export { useIsSignedIn } from './session.ts';
export { selectUser } from './auth-state.ts';
export { fetchProfile } from './slice.ts';
