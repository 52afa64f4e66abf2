import { screen } from '@testing-library/react';
import { createFakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeliveryCheck } from './delivery-check.tsx';

function renderCheck() {
  const api = createFakeApi({
    'GET /delivery/:pin': ({ params }) => ({
      pinCode: params.pin,
      serviceable: false,
      cod: false,
      message: `We couldn't find PIN code ${params.pin}`,
    }),
  });
  return { ...renderWithProviders(<DeliveryCheck />, { api }), api };
}

describe('delivery check', () => {
  it.each(['999999', '056001'])('asks the shop about %s, six digits, and shows its answer', async (pin) => {
    const { user, api } = renderCheck();
    await user.type(screen.getByRole('textbox', { name: 'Check delivery' }), pin);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(`We couldn't find PIN code ${pin}`)).toBeInTheDocument();
    expect(screen.queryByText('Please enter a 6-digit PIN code.')).not.toBeInTheDocument();
    expect(api.callsTo('GET /delivery/:pin')).toHaveLength(1);
  });

  it.each(['56001', 'abcdef', '5600 1'])(
    'asks for six digits when %j is typed, without asking the shop',
    async (pin) => {
      const { user, api } = renderCheck();
      await user.type(screen.getByRole('textbox', { name: 'Check delivery' }), pin);
      await user.click(screen.getByRole('button', { name: 'Check' }));
      expect(screen.getByRole('status')).toHaveTextContent('Please enter a 6-digit PIN code.');
      expect(api.callsTo('GET /delivery/:pin')).toHaveLength(0);
    },
  );
});
