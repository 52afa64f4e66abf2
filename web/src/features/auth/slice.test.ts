import { setupStore } from '../../lib/store/store.ts';
import { ApiError } from '../../lib/http.ts';
import { createFakeApi, deferred, type FakeHandler, refuse, unreachable } from '../../test/fake-api.ts';
import { makeAddress, makeUser } from '../../test/fixtures.ts';
import { signIn } from '../../test/render.tsx';
import { toast } from '../../lib/toasts.tsx';
import { userRestored, type AuthState } from './auth-state.ts';
import { fetchProfile, googleLogin, login, logout, signup, updateProfile } from './slice.ts';

function storeWith(handlers: Record<string, FakeHandler>) {
  const api = createFakeApi(handlers);
  const store = setupStore({ api });
  return { api, store, auth: () => store.getState().auth };
}

const stored = () => ({
  token: localStorage.getItem('token'),
  user: JSON.parse(localStorage.getItem('user') ?? 'null'),
});

describe('auth slice', () => {
  it('starts with the user stored in localStorage, or none', () => {
    expect(setupStore().getState().auth).toEqual<AuthState>({ user: null, loading: false, error: null, token: null });
    const user = signIn(makeUser({ firstName: 'Ravi' }));
    expect(setupStore().getState().auth).toEqual<AuthState>({ user, loading: false, error: null, token: 'test-token' });
  });

  it('restores a partial stored user with empty values for what it lacks', () => {
    localStorage.setItem('user', JSON.stringify({ _id: 'u9', firstName: 'Asha', email: 'a@example.com' }));
    expect(setupStore().getState().auth.user).toMatchObject({
      _id: 'u9',
      fullName: 'Asha',
      phone: null,
      addresses: [],
      shippingAddress: null,
    });
    localStorage.setItem('user', '{not json');
    expect(setupStore().getState().auth.user).toBeNull();
  });

  it('login: loading while pending, then the user stored in state and localStorage with the token', async () => {
    const user = makeUser();
    const held = deferred<unknown>();
    let answer: FakeHandler = refuse(401, 'Invalid email or password.');
    const { store, api, auth } = storeWith({ 'POST /auth/login': (call) => answer(call) });
    await store.dispatch(login({ email: 'asha@example.com', password: 'wrong' }));
    expect(auth().error).toBe('Invalid email or password.');

    answer = () => held.promise;
    const pending = store.dispatch(login({ email: 'asha@example.com', password: 'pw' }));
    expect(auth()).toMatchObject({ loading: true, error: null });
    held.resolve({ accessToken: 'tok-1', user });
    await pending;

    expect(auth()).toEqual({ user, loading: false, error: null, token: 'tok-1' });
    expect(stored()).toEqual({ token: 'tok-1', user });
    expect(api.calls[1]).toMatchObject({ body: { email: 'asha@example.com', password: 'pw' } });
  });

  it.each([
    [
      'the server message',
      refuse(401, 'Invalid email or password.', 'INVALID_CREDENTIALS'),
      'Invalid email or password.',
    ],
    ['the fallback when no answer came', unreachable, 'Login failed'],
  ])('login failure stores %s', async (_, handler, message) => {
    const { store, auth } = storeWith({ 'POST /auth/login': handler });
    await store.dispatch(login({ email: 'a@example.com', password: 'x' }));
    expect(auth()).toEqual({ user: null, loading: false, error: message, token: null });
    expect(stored()).toEqual({ token: null, user: null });
  });

  it('signup success does not set the user; failure stores the message or "Signup failed"', async () => {
    const body = { firstName: 'A', lastName: 'R', email: 'a@example.com', phone: '9876543210', password: 'pw' };
    const ok = storeWith({ 'POST /auth/signup': () => makeUser() });
    await ok.store.dispatch(signup(body));
    expect(ok.auth()).toEqual({ user: null, loading: false, error: null, token: null });
    expect(stored().user).toBeNull();

    const taken = storeWith({ 'POST /auth/signup': refuse(409, 'Email already registered', 'EMAIL_TAKEN') });
    await taken.store.dispatch(signup(body));
    expect(taken.auth().error).toBe('Email already registered');

    const invalid = storeWith({
      'POST /auth/signup': () => {
        throw new ApiError('Invalid body: phone: Please enter a valid phone number.', {
          status: 400,
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'phone', message: 'Please enter a valid phone number.' }],
        });
      },
    });
    await invalid.store.dispatch(signup(body));
    expect(invalid.auth().error).toBe('Please enter a valid phone number.');

    const down = storeWith({ 'POST /auth/signup': unreachable });
    await down.store.dispatch(signup(body));
    expect(down.auth().error).toBe('Signup failed');
  });

  it('profile fetch replaces the stored user', async () => {
    signIn(makeUser({ firstName: 'Old' }));
    const fresh = makeUser({ firstName: 'New' });
    const { store, auth } = storeWith({ 'GET /auth/profile': () => fresh });
    await store.dispatch(fetchProfile());
    expect(auth()).toEqual({ user: fresh, loading: false, error: null, token: 'test-token' });
    expect(stored().user).toEqual(fresh);
  });

  it('profile fetch: a 401 ends the session; a network failure keeps it with "Error fetching profile"', async () => {
    signIn();
    const expired = storeWith({ 'GET /auth/profile': refuse(401, 'Unauthorized', 'UNAUTHORIZED') });
    await expired.store.dispatch(fetchProfile());
    // The sign-out notice tells the shopper; the sign-in form must not repeat it.
    expect(expired.auth()).toEqual({ user: null, loading: false, error: null, token: null });
    expect(stored()).toEqual({ token: null, user: null });

    const user = signIn();
    const down = storeWith({ 'GET /auth/profile': unreachable });
    await down.store.dispatch(fetchProfile());
    expect(down.auth()).toEqual({ user, loading: false, error: 'Error fetching profile', token: 'test-token' });
    expect(stored().token).toBe('test-token');
  });

  it('drops a profile answer that arrives after signing out', async () => {
    signIn();
    const held = deferred<unknown>();
    const { store, auth } = storeWith({ 'GET /auth/profile': () => held.promise, 'POST /auth/logout': () => null });
    const pending = store.dispatch(fetchProfile());
    await store.dispatch(logout());
    held.resolve(makeUser({ firstName: 'Ghost' }));
    await pending;
    expect(auth().user).toBeNull();
    expect(stored()).toEqual({ token: null, user: null });
  });

  it('Google sign-in keeps the token but sets no user; failure says "Google sign-in failed"', async () => {
    const ok = storeWith({ 'POST /auth/google': () => ({ accessToken: 'g-tok' }) });
    await ok.store.dispatch(googleLogin({ code: 'c', state: 's' }));
    expect(ok.auth()).toEqual({ user: null, loading: false, error: null, token: 'g-tok' });
    expect(stored().token).toBe('g-tok');
    expect(ok.api.calls[0]?.body).toEqual({ code: 'c', state: 's' });

    localStorage.clear();
    const bad = storeWith({ 'POST /auth/google': unreachable });
    await bad.store.dispatch(googleLogin({ code: 'c', state: 's' }));
    expect(bad.auth().error).toBe('Google sign-in failed');
    expect(stored().token).toBeNull();
  });

  it('address update replaces the stored user; failures keep the message, "Failed to update profile" or the network message', async () => {
    signIn();
    const updated = makeUser({ addresses: [makeAddress()] });
    const ok = storeWith({ 'PATCH /auth/profile': () => updated });
    await ok.store.dispatch(updateProfile({ phone: '9876543210' }));
    expect(ok.auth()).toEqual({ user: updated, loading: false, error: null, token: 'test-token' });
    expect(stored().user).toEqual(updated);

    const empty = storeWith({ 'PATCH /auth/profile': () => null });
    await empty.store.dispatch(updateProfile({ phone: '9876543210' }));
    expect(empty.auth().error).toBe('Failed to update profile');

    const refused = storeWith({ 'PATCH /auth/profile': refuse(400, 'PIN code must be 6 digits.') });
    await refused.store.dispatch(updateProfile({ phone: '9876543210' }));
    expect(refused.auth().error).toBe('PIN code must be 6 digits.');

    const down = storeWith({ 'PATCH /auth/profile': unreachable });
    await down.store.dispatch(updateProfile({ phone: '9876543210' }));
    expect(down.auth().error).toBe('Could not reach the server.');
  });

  it('logout revokes the token on the server, then clears state and storage even if that fails', async () => {
    signIn();
    const ok = storeWith({ 'POST /auth/logout': () => null });
    await ok.store.dispatch(logout());
    expect(ok.api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(ok.auth().user).toBeNull();
    expect(stored()).toEqual({ token: null, user: null });

    signIn();
    const down = storeWith({ 'POST /auth/logout': unreachable });
    await down.store.dispatch(logout());
    expect(down.auth().user).toBeNull();
    expect(stored()).toEqual({ token: null, user: null });
  });

  it('logout with a token the server no longer takes signs out quietly, as pressed, not as expired', async () => {
    signIn();
    const info = vi.spyOn(toast, 'info');
    const { store, auth } = storeWith({
      'POST /auth/logout': refuse(401, 'Your session is invalid or has expired. Please sign in again.'),
    });
    await store.dispatch(logout());
    expect(info).not.toHaveBeenCalled();
    expect(auth().user).toBeNull();
    expect(stored()).toEqual({ token: null, user: null });
    info.mockRestore();
  });

  it('a restore action sets the user directly', () => {
    const store = setupStore();
    const user = makeUser();
    store.dispatch(userRestored(user));
    expect(store.getState().auth.user).toEqual(user);
  });
});
