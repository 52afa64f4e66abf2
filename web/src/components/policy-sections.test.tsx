import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultShopSettings, defaultStoreSettings, returnPolicyText, storeTexts } from '@shop/core';
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

  it("says what shipping, cash on delivery and GST cost, from the shop's settings; never that prices include GST", async () => {
    const user = userEvent.setup();
    const texts = {
      ...storeTexts({ ...defaultStoreSettings, ...defaultShopSettings, freeShippingThreshold: 99_900 }),
      returnPolicy: returnPolicyText({ returnWindowDays: 5, allowSizeExchanges: true }),
    };
    const info = {
      shippingFee: 10,
      freeShippingThreshold: 999,
      gstPercent: 18,
      codMaxOrderValue: 50000,
      codMaxOpenOrders: 3,
      lowStockThreshold: 10,
      returnWindowDays: 3,
      allowSizeExchanges: false,
      pricesIncludeGst: false,
      texts,
    };
    render(<PolicySections info={info} />);
    await user.click(screen.getByRole('button', { name: 'Shipping Policy' }));
    expect(screen.getByText(texts.shippingPolicy)).toBeVisible();
    expect(screen.getByText(/Cash on delivery is available on orders up to ₹50,000/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Return and Refund Policy' }));
    expect(screen.getByText(/within 5 days of delivery.*another size of the same colour/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    expect(screen.getByText(texts.taxPolicy)).toBeVisible();
    expect(screen.queryByText(/include GST|inclusive of all taxes/i)).toBeNull();
  });
});
