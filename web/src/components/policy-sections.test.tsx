import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PolicySections } from './policy-sections.tsx';

describe('PolicySections', () => {
  it('opens one section at a time, and closes it again', async () => {
    const user = userEvent.setup();
    render(<PolicySections />);
    const shipping = screen.getByRole('button', { name: 'Shipping Policy' });
    const returns = screen.getByRole('button', { name: 'Return and Refund Policy' });
    expect(shipping).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/4-8 business days after dispatch/)).not.toBeVisible();

    await user.click(shipping);
    expect(shipping).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/4-8 business days after dispatch/)).toBeVisible();

    await user.click(returns);
    expect(returns).toHaveAttribute('aria-expanded', 'true');
    expect(shipping).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/within 3 days of delivery/)).toBeVisible();
    expect(screen.queryByText(/4-8 business days after dispatch/)).not.toBeVisible();

    await user.click(returns);
    expect(returns).toHaveAttribute('aria-expanded', 'false');
  });
});
