import { screen } from '@testing-library/react';
import { createFakeApi } from '../../test/fake-api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderAppAt } from '../../test/render-app.tsx';
import { signIn } from '../../test/render.tsx';
import { makeAdminOrderPage, shopFrameAnswers } from './test-fixtures.ts';

// Records whether the staff area's code is ever imported. No test in this file may let an
// admin in, so that "not loaded" stays true for every test here.
const staffCode = vi.hoisted(() => ({ loaded: false }));
vi.mock('./admin-routes.tsx', async (importOriginal) => {
  staffCode.loaded = true;
  return importOriginal();
});

function renderApp(route: string) {
  const api = createFakeApi({
    ...shopFrameAnswers(makeUser()),
    'GET /auth/providers': () => ({ google: { enabled: true, development: false } }),
    // What the staff pages would ask for: none of it may be requested for a shopper.
    'GET /order/stats': () => [],
    'GET /admin/orders': () => makeAdminOrderPage([], { totalPages: 0 }),
    'GET /admin/low-stock': () => [],
  });
  return renderAppAt(route, api);
}

const staffCalls = (api: ReturnType<typeof createFakeApi>) =>
  api.calls.filter((call) => call.path.startsWith('/admin') || call.path === '/order/stats');

describe('the staff area door', () => {
  it('sends a visitor to sign in and keeps the way back', async () => {
    const { router, api } = renderApp('/admin/orders?status=pending');
    // The first test also waits for the sign-in page's chunk to load.
    expect(await screen.findByRole('heading', { name: /sign in/i }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.state).toEqual({ from: '/admin/orders?status=pending' });
    expect(staffCalls(api)).toEqual([]);
    expect(staffCode.loaded).toBe(false);
  });

  it('tells a signed-in shopper there is no access, with a way home, and loads nothing of the staff area', async () => {
    signIn(makeUser({ role: 'customer' }));
    const { api } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Staff area')).not.toBeInTheDocument();
    // The header offers no way in either.
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();

    await screen.findByRole('link', { name: /^Cart/ });
    expect(staffCalls(api)).toEqual([]);
    expect(staffCode.loaded).toBe(false);
  });

  it('refuses every staff page, not only the dashboard', async () => {
    signIn(makeUser({ role: 'customer' }));
    const { api } = renderApp('/admin/orders/o1');
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(staffCalls(api)).toEqual([]);
    expect(staffCode.loaded).toBe(false);
  });
});
