/** What other features may use of the account: who is signed in, and fetching their profile again. */
export { useIsSignedIn } from './session.ts';
export { fetchProfile, selectUser } from './slice.ts';
