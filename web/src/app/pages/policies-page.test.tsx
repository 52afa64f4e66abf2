import { screen } from '@testing-library/react';
import { createFakeApi } from '../../test/fake-api.ts';
import { makeStoreInfo } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';

import { policyFromHash, PoliciesPage } from './policies-page.tsx';

/**
 * The shop's details as a server-rendered page starts with them: the page asks nothing, so no
 * request (nor the data layer's lazy import) is still on its way when a test ends.
 */
const withStoreInfo = () => ({ api: createFakeApi(), preloadedState: { storeInfo: { data: makeStoreInfo() } } });

describe('policies page', () => {
  it('opens the policy named in the link', () => {
    renderWithProviders(<PoliciesPage />, {
      ...withStoreInfo(),
      route: '/policies#return-and-refund-policy',
      path: '/policies',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping, terms and returns' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return and Refund Policy' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Shipping Policy' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Returns are accepted within 3 days of delivery/)).toBeVisible();
  });

  it('follows a new hash while open, and offers a way to write to us', async () => {
    const { navigate } = renderWithProviders(<PoliciesPage />, {
      ...withStoreInfo(),
      route: '/policies',
      path: '/policies',
    });
    for (const name of ['Shipping Policy', 'Terms and Conditions', 'Return and Refund Policy']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'false');
    }
    await navigate('/policies#shipping-policy');
    expect(screen.getByRole('button', { name: 'Shipping Policy' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'care@kapas.in' })).toHaveAttribute('href', 'mailto:care@kapas.in');
  });

  it('reads only known policy ids from the hash', () => {
    expect(policyFromHash('#terms-and-conditions')).toBe('terms-and-conditions');
    expect(policyFromHash('#contact')).toBeNull();
    expect(policyFromHash('')).toBeNull();
  });
});
