import type { AdminCoupon, CouponCreateBody } from '@shop/core';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import { refuse, type FakeHandler } from '../../../test/fake-api.ts';
import { makeAdminCoupon, makeAuditEntry, makeTeesCoupon, renderStaffPage } from '../test-fixtures.ts';
import { AdminCouponsPage } from './admin-coupons-page.tsx';

const categories = [
  { _id: 'mens-clothing', name: "Men's clothing", parentId: null },
  { _id: 'mens-t-shirts', name: "Men's T-Shirts", parentId: 'mens-clothing' },
  { _id: 'jewelery', name: 'Jewelery', parentId: null },
];

const diwali = makeAdminCoupon();
const tees = makeTeesCoupon({ isActive: false });

function renderPage(routes: Record<string, FakeHandler> = {}) {
  return renderStaffPage(<AdminCouponsPage />, '/admin/coupons', {
    'GET /admin/coupons': () => [diwali, tees],
    'GET /categories': () => categories,
    'GET /admin/coupons/:id': (call) => ({
      coupon: [diwali, tees].find((c) => c._id === call.params.id),
      audit: [
        makeAuditEntry({
          at: '2026-10-02T10:00:00.000Z',
          actor: { _id: 'u9', name: 'Meera Staff', email: 'meera@example.com' },
          entityType: 'coupon',
          entityId: call.params.id,
          action: 'coupon.updated',
          summary: 'Usage limit: 50 → 100',
        }),
      ],
    }),
    'POST /admin/coupons': (call) => makeAdminCoupon({ _id: 'c3', ...(call.body as Partial<AdminCoupon>) }),
    'PATCH /admin/coupons/:id': (call) => ({ ...diwali, ...(call.body as Partial<AdminCoupon>) }),
    ...routes,
  });
}

const rowOf = (code: string) => screen.getByText(code, { selector: 'td' }).closest('tr')!;
const field = (name: string | RegExp) => screen.getByLabelText(name);

describe('staff coupons page', () => {
  it('lists each coupon with its offer, minimum, window, usage, per-customer limit and status', async () => {
    renderPage();
    await screen.findByText('DIWALI10');

    const first = rowOf('DIWALI10');
    expect(within(first).getByText('10% OFF')).toBeInTheDocument();
    expect(within(first).getByText('Percentage')).toBeInTheDocument();
    expect(within(first).getByText('₹999.00')).toBeInTheDocument();
    expect(within(first).getByText('Always')).toBeInTheDocument();
    expect(within(first).getByText('3 / 100')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Deactivate DIWALI10' })).toBeInTheDocument();

    const second = rowOf('TEES3');
    expect(within(second).getByText('Buy 2 Get 1 FREE')).toBeInTheDocument();
    expect(within(second).getByText('Buy X get Y')).toBeInTheDocument();
    expect(within(second).getByText('None')).toBeInTheDocument();
    expect(within(second).getByText('0 / no limit')).toBeInTheDocument();
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Activate TEES3' })).toBeInTheDocument();
  });

  it('creates a percentage coupon: only its fields show, and the body says so', async () => {
    const { user, api } = renderPage();
    await screen.findByText('DIWALI10');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));

    expect(screen.getByRole('heading', { name: 'New coupon' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: /Percentage off/ })).toBeChecked();
    expect(screen.queryByLabelText('Buy (X)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Get free (Y)')).not.toBeInTheDocument();

    await user.type(field('Code'), 'newyear15');
    await user.type(field('Discount (%)'), '15');
    await user.type(field(/^Minimum purchase/), '1499');
    await user.type(field(/^Starts/), '2026-12-31T18:00');
    await user.type(field(/^Ends/), '2027-01-02T00:00');
    await user.type(field(/^Usage limit/), '500');
    await user.click(screen.getByRole('checkbox', { name: "Men's clothing › Men's T-Shirts" }));
    await user.click(screen.getByRole('button', { name: 'Save coupon' }));

    expect(await screen.findByText('Coupon created')).toBeInTheDocument();
    const expected: CouponCreateBody = {
      code: 'NEWYEAR15',
      discountType: 'percentage',
      value: 15,
      minPurchase: 1499,
      buyX: 0,
      getY: 0,
      applicableCategories: ['mens-t-shirts'],
      startsAt: new Date('2026-12-31T18:00').toISOString(),
      endsAt: new Date('2027-01-02T00:00').toISOString(),
      usageLimit: 500,
      perCustomerLimit: null,
      isActive: true,
    };
    expect(api.callsTo('POST /admin/coupons').map((c) => c.body)).toEqual([expected]);
    expect(screen.queryByRole('heading', { name: 'New coupon' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /admin/coupons')).toHaveLength(2));
  }, 15_000);

  it('creates a buy X get Y coupon: the percentage field goes, X and Y are sent', async () => {
    const { user, api } = renderPage();
    await screen.findByText('DIWALI10');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));

    await user.type(field('Code'), 'SOCKS');
    await user.type(field('Discount (%)'), '20');
    await user.click(screen.getByRole('radio', { name: /Buy X get Y/ }));
    expect(screen.queryByLabelText('Discount (%)')).not.toBeInTheDocument();
    await user.type(field('Buy (X)'), '3');
    await user.type(field('Get free (Y)'), '1');
    await user.type(field(/^Per-customer limit/), '2');
    await user.click(screen.getByRole('button', { name: 'Save coupon' }));

    expect(await screen.findByText('Coupon created')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/coupons').map((c) => c.body)).toEqual([
      {
        code: 'SOCKS',
        discountType: 'buyXgetY',
        value: 0,
        minPurchase: 0,
        buyX: 3,
        getY: 1,
        applicableCategories: [],
        startsAt: null,
        endsAt: null,
        usageLimit: null,
        perCustomerLimit: 2,
        isActive: true,
      },
    ]);
  });

  it('checks the form first, and shows what the server refuses beside the field', async () => {
    const { user, api } = renderPage({
      'POST /admin/coupons': () => {
        throw new ApiError('A coupon with code DIWALI10 already exists.', {
          status: 409,
          code: 'COUPON_CODE_TAKEN',
          issues: [{ path: 'code', message: 'A coupon with this code already exists.' }],
        });
      },
    });
    await screen.findByText('DIWALI10');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    const panel = screen.getByRole('region', { name: 'New coupon' });

    await user.type(field('Code'), 'x');
    await user.type(field(/^Starts/), '2026-12-02T10:00');
    await user.type(field(/^Ends/), '2026-12-01T10:00');
    await user.click(within(panel).getByRole('button', { name: 'Save coupon' }));
    expect(field('Code')).toHaveAccessibleDescription(/Code must be 3 to 40 characters\./);
    expect(field('Code')).toHaveFocus();
    expect(field('Discount (%)')).toHaveAccessibleDescription('Discount (%) is required.');
    expect(field(/^Ends/)).toHaveAccessibleDescription(/The end must come after the start\./);
    expect(api.callsTo('POST /admin/coupons')).toHaveLength(0);

    await user.clear(field('Code'));
    await user.type(field('Code'), 'DIWALI10');
    await user.type(field('Discount (%)'), '10');
    await user.clear(field(/^Ends/));
    await user.click(within(panel).getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('The server refused some fields; they are marked below.')).toBeInTheDocument();
    expect(field('Code')).toHaveAccessibleDescription(/A coupon with this code already exists\./);
  }, 15_000);

  it('edits a coupon, sending only what changed, with its history shown', async () => {
    const { user, api } = renderPage();
    await screen.findByText('DIWALI10');
    await user.click(screen.getByRole('button', { name: 'Edit DIWALI10' }));

    const panel = screen.getByRole('region', { name: 'Edit DIWALI10' });
    expect(field('Code')).toHaveValue('DIWALI10');
    expect(field('Discount (%)')).toHaveValue(10);
    expect(await within(panel).findByText('Usage limit: 50 → 100')).toBeInTheDocument();

    await user.clear(field('Discount (%)'));
    await user.type(field('Discount (%)'), '12');
    await user.clear(field(/^Usage limit/));
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Coupon updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH /admin/coupons/:id').map((c) => [c.params.id, c.body])).toEqual([
      ['c1', { value: 12, usageLimit: null }],
    ]);
  });

  it('sends nothing for an edit that changes nothing, and shows a refusal naming no field in its own words', async () => {
    const { user, api } = renderPage({
      'PATCH /admin/coupons/:id': refuse(409, 'The coupon was changed meanwhile. Reload it and try again.', 'CONFLICT'),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit DIWALI10' }));
    const panel = screen.getByRole('region', { name: 'Edit DIWALI10' });
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to save: no field has changed.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /admin/coupons/:id')).toHaveLength(0);

    await user.clear(field('Discount (%)'));
    await user.type(field('Discount (%)'), '15');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(panel).findByText('The coupon was changed meanwhile. Reload it and try again.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /admin/coupons/:id').map((c) => c.body)).toEqual([{ value: 15 }]);
    expect(field('Discount (%)')).toHaveValue(15);
  });

  it('closes the panel with Cancel, returning focus to the button that opened it', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit TEES3' }));
    expect(screen.getByRole('heading', { name: 'Edit TEES3' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: /Buy X get Y/ })).toBeChecked();
    expect(field('Buy (X)')).toHaveValue(2);
    expect(screen.getByRole('checkbox', { name: "Men's clothing › Men's T-Shirts" })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Edit TEES3' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit TEES3' })).toHaveFocus();
  });

  it('deactivates and activates a coupon', async () => {
    const { user, api } = renderPage();
    await screen.findByText('DIWALI10');

    await user.click(screen.getByRole('button', { name: 'Deactivate DIWALI10' }));
    expect(await screen.findByText('Coupon deactivated')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate TEES3' }));
    expect(await screen.findByText('Coupon activated')).toBeInTheDocument();

    expect(api.callsTo('PATCH /admin/coupons/:id').map((c) => [c.params.id, c.body])).toEqual([
      ['c1', { isActive: false }],
      ['c2', { isActive: true }],
    ]);
  });

  it("toasts the server's words when deactivating fails", async () => {
    const { user } = renderPage({
      'PATCH /admin/coupons/:id': () => {
        throw new ApiError('Coupon not found.', { status: 404, code: 'NOT_FOUND' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate DIWALI10' }));
    expect(await screen.findByText('Coupon not found.')).toBeInTheDocument();
  });
});
