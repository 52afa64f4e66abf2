import type { CodLinkView } from '@shop/core';
import { screen, waitFor } from '@testing-library/react';
import { createFakeApi, refuse } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CodConfirmationPage } from './cod-confirmation-page.tsx';

const TOKEN = 'confirm.o1.c2lnbmVk';
const waiting: CodLinkView = { action: 'confirm', orderNumber: 'KP-1', total: 1608, outcome: null, message: null };

function render(handlers: Parameters<typeof createFakeApi>[0], route = `/cod-confirmation?token=${TOKEN}`) {
  const api = createFakeApi(handlers);
  return { ...renderWithProviders(<CodConfirmationPage />, { api, route, path: '/cod-confirmation' }), api };
}

describe('the cash-on-delivery confirmation page', () => {
  it('opening it only reads; the button confirms once and says so, signed in or not', async () => {
    const { api, user } = render({
      'GET /cod-confirmation': () => waiting,
      'POST /cod-confirmation': () => ({
        ...waiting,
        outcome: 'CONFIRMED',
        message: 'Thank you: your order is confirmed. We will write again when it ships.',
      }),
    });
    expect(await screen.findByText('KP-1')).toBeInTheDocument();
    expect(screen.getByText(/₹1,608\.00, cash on delivery/)).toBeInTheDocument();
    expect(api.callsTo('POST /cod-confirmation')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText(/Thank you: your order is confirmed\./)).toBeInTheDocument();
    expect(api.callsTo('POST /cod-confirmation')).toEqual([expect.objectContaining({ body: { token: TOKEN } })]);
    expect(api.callsTo('GET /cod-confirmation')[0]).toMatchObject({ query: { token: TOKEN } });
    expect(screen.queryByRole('button', { name: 'Confirm order' })).not.toBeInTheDocument();
  });

  it('a cancel link asks before it cancels', async () => {
    const { user } = render({
      'GET /cod-confirmation': () => ({ ...waiting, action: 'cancel' }),
      'POST /cod-confirmation': () => ({
        ...waiting,
        action: 'cancel',
        outcome: 'CANCELLED',
        message: 'Your order is cancelled. Nothing was charged.',
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Cancel your order' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Your order is cancelled. Nothing was charged.')).toBeInTheDocument();
  });

  it('a link used already shows how the order stands, with no button', async () => {
    render({
      'GET /cod-confirmation': () => ({
        ...waiting,
        outcome: 'ALREADY_CONFIRMED',
        message: 'This order is already confirmed. To cancel it, use My Orders.',
      }),
    });
    expect(
      await screen.findByText('This order is already confirmed. To cancel it, use My Orders.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('an invalid or incomplete link says so', async () => {
    render({
      'GET /cod-confirmation': refuse(
        404,
        'This link is not valid. Please use the link in your order email, or My Orders.',
        'INVALID_LINK',
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    render({}, '/cod-confirmation');
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('This link is not complete.'));
  });
});
