import type { SellerContact, TaxSettings } from '@shop/core';
import { screen, within } from '@testing-library/react';
import type { FakeHandler } from '../../../test/fake-api.ts';
import { refusedFields, renderAppAsAdmin } from '../test-fixtures.ts';

const settings: TaxSettings = {
  seller: {
    legalName: 'Kapas Apparel Private Limited',
    addressLine1: 'Unit 4, Kamala Mills',
    addressLine2: 'Lower Parel',
    city: 'Mumbai',
    pinCode: '400013',
    stateCode: '27',
    stateName: 'Maharashtra',
    gstin: '27AAKCK4821L1Z6',
    invoicePrefix: 'KP',
    creditNotePrefix: 'KPCN',
    updatedAt: '2026-11-24T10:00:00.000Z',
  },
  categories: [
    { categoryId: 'mens-shirts', name: "Men's Shirts", hsn: '6205', gstRate: 18, isDefault: true },
    { categoryId: 'jewelery', name: 'Jewelery', hsn: '7117', gstRate: 3, isDefault: false },
  ],
  rates: [0, 3, 5, 12, 18, 28],
};

const contact: SellerContact = {
  operatingAddress: 'Plot 12, MIDC Andheri East, Mumbai 400093',
  contactEmail: 'care@kapas.in',
  contactPhone: '+918047182200',
  grievanceOfficer: {
    name: 'Meera Iyer',
    designation: 'Grievance Officer',
    email: 'grievance@kapas.in',
    phone: '+918047182201',
  },
};

function renderPage(overrides: Record<string, FakeHandler> = {}) {
  return renderAppAsAdmin('/admin/tax', {
    'GET /admin/tax-settings': () => settings,
    'GET /admin/seller-contact': () => contact,
    ...overrides,
  });
}

describe('Tax & invoices', () => {
  it('shows the seller and each category’s HSN code and rate', async () => {
    renderPage();
    // The first test also waits for the staff area's chunk to load.
    expect(await screen.findByLabelText(/Legal name/, {}, { timeout: 5000 })).toHaveValue(
      'Kapas Apparel Private Limited',
    );
    expect(screen.getByLabelText(/GSTIN/)).toHaveValue('27AAKCK4821L1Z6');
    expect(screen.getByLabelText(/^State/)).toHaveValue('27');
    expect(screen.getByLabelText("HSN code for Men's Shirts")).toHaveValue('6205');
    expect(screen.getByLabelText('GST rate for Jewelery')).toHaveValue('3');
    expect(screen.getByRole('heading', { level: 1, name: 'Tax & invoices' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).getByRole('link', { name: 'Tax & invoices' })).toHaveAttribute('aria-current', 'page');
  });

  it('saves the seller, and shows the server’s reason under a refused field', async () => {
    const { api, user } = renderPage({
      'PUT /admin/tax-settings/seller': () => {
        throw refusedFields([
          { path: 'gstin', message: 'The GSTIN is mistyped: its last character does not match the rest.' },
        ]);
      },
    });
    const gstin = await screen.findByLabelText(/GSTIN/);
    await user.clear(gstin);
    await user.type(gstin, '27aakck4821l1z7');
    await user.click(screen.getByRole('button', { name: 'Save seller details' }));
    expect(
      await screen.findByText('The GSTIN is mistyped: its last character does not match the rest.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /admin/tax-settings/seller')[0]!.body).toMatchObject({
      gstin: '27AAKCK4821L1Z7',
      stateCode: '27',
      invoicePrefix: 'KP',
    });
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves a category’s HSN code and rate', async () => {
    const { api, user } = renderPage({ 'PUT /admin/tax-settings/categories/:id': () => settings });
    const rate = await screen.findByLabelText("GST rate for Men's Shirts");
    await user.selectOptions(rate, '5');
    await user.click(within(rate.closest('form')!).getByRole('button', { name: 'Save' }));
    const [call] = api.callsTo('PUT /admin/tax-settings/categories/:id');
    expect(call).toMatchObject({ params: { id: 'mens-shirts' }, body: { hsn: '6205', gstRate: 5 } });
  });

  it('saves the seller page’s contact and grievance officer, naming a refused field', async () => {
    const { api, user } = renderPage({
      'PUT /admin/seller-contact': () => {
        throw refusedFields([{ path: 'grievanceOfficer.email', message: 'Please enter a valid email address.' }]);
      },
    });
    const officer = await screen.findByLabelText(/Grievance officer’s name/);
    expect(officer).toHaveValue('Meera Iyer');
    await user.clear(officer);
    await user.type(officer, 'Rohan Mehta');
    const email = screen.getByLabelText(/Grievance officer’s email/);
    await user.clear(email);
    await user.type(email, 'rohan@');
    await user.click(screen.getByRole('button', { name: 'Save seller page' }));
    expect(await screen.findByText('Please enter a valid email address.', { selector: 'p' })).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /admin/seller-contact')[0]!.body).toEqual({
      operatingAddress: 'Plot 12, MIDC Andheri East, Mumbai 400093',
      contactEmail: 'care@kapas.in',
      contactPhone: '+918047182200',
      grievanceOfficer: {
        name: 'Rohan Mehta',
        designation: 'Grievance Officer',
        email: 'rohan@',
        phone: '+918047182201',
      },
    });
  });
});
