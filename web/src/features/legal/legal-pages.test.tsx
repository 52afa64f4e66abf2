import type { ComplaintTicket, SellerPage } from '@shop/core';
import { screen, within } from '@testing-library/react';
import { createFakeApi, type FakeHandler } from '../../test/fake-api.ts';
import { makeStoreInfo } from '../../test/fixtures.ts';
import { renderAppAt } from '../../test/render-app.tsx';
import { ApiError } from '../../lib/http.ts';

const seller: SellerPage = {
  legalName: 'Kapas Apparel Private Limited',
  registeredAddress: {
    addressLine1: 'Unit 4, Kamala Mills Compound',
    addressLine2: 'Lower Parel',
    city: 'Mumbai',
    pinCode: '400013',
    state: 'Maharashtra',
  },
  operatingAddress: 'Plot 12, MIDC Andheri East, Mumbai 400093',
  gstin: '27AAKCK4821L1Z6',
  contact: { email: 'care@kapas.in', phone: '+918047182200' },
  grievanceOfficer: {
    name: 'Meera Iyer',
    designation: 'Grievance Officer',
    email: 'grievance@kapas.in',
    phone: '+918047182201',
  },
};

const ticket: ComplaintTicket = {
  ticketNumber: 'GRV-AB23-CD45',
  status: 'open',
  topic: 'delivery',
  orderNumber: null,
  name: 'Asha Rao',
  receivedAt: '2026-11-28T10:00:00.000Z',
  acknowledgedAt: null,
  resolvedAt: null,
  acknowledgeBy: '2026-11-30T10:00:00.000Z',
  resolveBy: '2026-12-28T10:00:00.000Z',
  messages: [
    { author: 'shopper', kind: 'complaint', body: 'My parcel never arrived.', createdAt: '2026-11-28T10:00:00.000Z' },
  ],
};

function renderApp(route: string, handlers: Record<string, FakeHandler> = {}) {
  const api = createFakeApi({ 'GET /store': () => makeStoreInfo(), 'GET /seller': () => seller, ...handlers });
  return renderAppAt(route, api);
}

describe('seller details, privacy notice and complaints', () => {
  it('the seller page names the seller, its addresses and GSTIN, and the grievance officer', async () => {
    renderApp('/seller');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seller details' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const sellerCard = await screen.findByRole('region', { name: 'Seller' });
    expect(sellerCard).toHaveTextContent('Kapas Apparel Private Limited');
    expect(sellerCard).toHaveTextContent('Unit 4, Kamala Mills Compound, Lower Parel');
    expect(sellerCard).toHaveTextContent('Mumbai 400013, Maharashtra');
    expect(sellerCard).toHaveTextContent('Plot 12, MIDC Andheri East');
    expect(sellerCard).toHaveTextContent('27AAKCK4821L1Z6');
    const officer = screen.getByRole('region', { name: 'Grievance officer' });
    expect(officer).toHaveTextContent('Meera Iyer');
    expect(within(officer).getByRole('link', { name: '+918047182201' })).toHaveAttribute('href', 'tel:+918047182201');
    expect(within(officer).getByRole('link', { name: 'File a complaint' })).toHaveAttribute('href', '/complaints');
  });

  it('the footer links the seller page, complaints and the privacy notice', async () => {
    renderApp('/seller');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Seller Details and Grievance Officer' })).toHaveAttribute(
      'href',
      '/seller',
    );
    expect(within(footer).getByRole('link', { name: 'File a Complaint' })).toHaveAttribute('href', '/complaints');
    expect(within(footer).getByRole('link', { name: 'Privacy Notice' })).toHaveAttribute('href', '/privacy');
  });

  it('the privacy notice says what is kept, why, for how long, the rights and whom to contact', async () => {
    renderApp('/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy notice' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getByRole('rowheader', { name: /Tax invoices and credit notes/ })
        .closest('tr'),
    ).toHaveTextContent('8 years after they were issued');
    expect(screen.getByRole('heading', { name: 'Erase it' })).toBeInTheDocument();
    expect(await screen.findByText(/Meera Iyer, Grievance Officer, Kapas Apparel Private Limited/)).toBeInTheDocument();
  });

  it('a complaint filed signed out opens its ticket, with the number, at the address of its link', async () => {
    const { api, user, router } = renderApp('/complaints', {
      'POST /complaints': () => ({ ticket, link: '/complaints/GRV-AB23-CD45?key=k3y' }),
      'GET /complaints/:ticket': () => ticket,
    });
    await screen.findByRole('heading', { level: 1, name: 'File a complaint' }, { timeout: 5000 });
    await user.type(screen.getByLabelText('Your name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'delivery');
    await user.type(screen.getByLabelText('What happened?'), 'My parcel never arrived.');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Complaint GRV-AB23-CD45' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?key=k3y');
    expect(screen.getByText(/^Your ticket number is/)).toHaveTextContent('Your ticket number is GRV-AB23-CD45.');
    expect(screen.getByText('Received, waiting for acknowledgement')).toBeInTheDocument();
    const [call] = api.callsTo('POST /complaints');
    expect(call!.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '',
      topic: 'delivery',
      orderNumber: '',
      description: 'My parcel never arrived.',
    });
    expect(api.callsTo('GET /complaints/:ticket')[0]!.query).toEqual({ key: 'k3y' });
  });

  it('marks the fields the server refused, and asks for a topic before sending', async () => {
    const { api, user } = renderApp('/complaints', {
      'POST /complaints': () => {
        throw new ApiError('Invalid body', {
          status: 400,
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'email', message: 'Please enter a valid email address.' }],
        });
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'File a complaint' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(screen.getByText('Please choose what your complaint is about.')).toBeInTheDocument();
    expect(api.callsTo('POST /complaints')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('What is it about?'), 'other');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText('Please enter a valid email address.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
