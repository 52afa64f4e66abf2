import type { AdminProductDetail, AuditEntry, Product } from '@shop/core';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import { createFakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders, signIn } from '../../../test/render.tsx';
import { AdminProductEditPage } from './product-edit-page.tsx';
import type { UploadImage } from '../../../lib/upload-image.ts';
import { refusedFields, renderStaffPage } from '../test-fixtures.ts';

const categories = [
  { _id: 'mens-clothing', name: "Men's clothing", parentId: null },
  { _id: 'mens-shirts', name: "Men's Shirts", parentId: 'mens-clothing' },
  { _id: 'jewelery', name: 'Jewelery', parentId: null },
];

function renderCreate(
  routes: Record<string, FakeHandler> = {},
  uploadImage?: UploadImage,
  userOptions?: { applyAccept?: boolean },
) {
  const api = createFakeApi({
    'GET /categories': () => categories,
    'POST /product/create': (call) => makeProduct({ _id: 'new-kurta', ...(call.body as Partial<Product>) }),
    ...routes,
  });
  const upload = uploadImage ?? vi.fn<UploadImage>(async (file) => ({ url: `/uploads/${file.name}` }));
  const view = renderWithProviders(<AdminProductEditPage uploadImage={upload} />, {
    api,
    route: '/admin/products/new',
    path: '/admin/products/new',
    userOptions,
  });
  return { ...view, upload };
}

const field = (name: string | RegExp) => screen.getByLabelText(name);

/** Fills the new product form with a product the form's own check lets through, and sends it. */
async function sendValidRing(user: ReturnType<typeof renderCreate>['user']) {
  await screen.findByRole('option', { name: 'Jewelery' });
  await user.type(field('Name'), 'Ring');
  await user.selectOptions(field('Category'), 'Jewelery');
  await user.type(field('Price (₹)'), '500');
  await user.type(field('Size of row 1'), 'ONE');
  await user.type(field('Stock of row 1'), '3');
  await user.click(screen.getByRole('button', { name: 'Create product' }));
}

describe('new product form', () => {
  it('checks the form before sending, with a message under each field', async () => {
    const { user, api } = renderCreate();
    await screen.findByRole('option', { name: "Men's clothing › Men's Shirts" });

    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(screen.getByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription('Name is required.');
    expect(field('Name')).toHaveFocus();
    expect(field('Category')).toHaveAccessibleDescription('Choose a category.');
    expect(field('Price (₹)')).toHaveAccessibleDescription('Price is required.');
    // The empty size row the form starts with.
    expect(field('Size of row 1')).toHaveAccessibleDescription('Size must not be empty.');
    expect(field('Stock of row 1')).toHaveAccessibleDescription('Stock is required.');
    expect(api.callsTo('POST /product/create')).toHaveLength(0);

    await user.type(field('Price (₹)'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(field('Price (₹)')).toHaveAccessibleDescription('Price must be at least 1.');
  }, 15_000);

  it('clears each message once its field is valid, and keeps the others', async () => {
    const { user } = renderCreate();
    await screen.findByRole('option', { name: 'Jewelery' });
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(field('Name')).toHaveAccessibleDescription('Name is required.');

    await user.type(field('Name'), 'Ring');
    expect(field('Name')).toHaveAccessibleDescription('');
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    expect(field('Category')).toHaveAccessibleDescription('Choose a category.');

    await user.selectOptions(field('Category'), 'Jewelery');
    expect(field('Category')).toHaveAccessibleDescription('');
    // A field still wrong keeps a message, worded for what it holds now.
    await user.type(field('Price (₹)'), '0.5');
    expect(field('Price (₹)')).toHaveAccessibleDescription('Price must be at least 1.');
    await user.clear(field('Price (₹)'));
    await user.type(field('Price (₹)'), '500');
    expect(field('Price (₹)')).toHaveAccessibleDescription('');

    await user.type(field('Size of row 1'), 'ONE');
    expect(field('Size of row 1')).toHaveAccessibleDescription('');
    expect(field('Stock of row 1')).toHaveAccessibleDescription('Stock is required.');
    expect(screen.getByText('Please correct the marked fields.')).toBeInTheDocument();
    await user.type(field('Stock of row 1'), '3');
    expect(field('Stock of row 1')).toHaveAccessibleDescription('');
    // Nothing is marked any more, so the summary asking to correct them goes too.
    expect(screen.queryByText('Please correct the marked fields.')).not.toBeInTheDocument();
  }, 20_000);

  it("keeps the server's message on a field until that field is changed", async () => {
    const { user } = renderCreate({
      'POST /product/create': () => {
        throw refusedFields([
          { path: 'name', message: 'is already taken' },
          { path: 'price', message: 'is too high for this category' },
        ]);
      },
    });
    await sendValidRing(user);
    expect(await screen.findByText('The server refused some fields; they are marked below.')).toBeInTheDocument();

    await user.type(field('Name'), 's');
    expect(field('Name')).toHaveAccessibleDescription('');
    expect(field('Price (₹)')).toHaveAccessibleDescription('Price is too high for this category.');
    expect(screen.getByText('The server refused some fields; they are marked below.')).toBeInTheDocument();
  }, 20_000);

  it('uploads an image, adds an address, reorders, and creates the product with the right body', async () => {
    const { user, api, router, upload } = renderCreate();
    await screen.findByRole('option', { name: "Men's clothing › Men's Shirts" });

    await user.type(field('Name'), 'Linen Kurta');
    await user.type(field(/^Description/), 'Breathes in the heat.');
    await user.selectOptions(field('Category'), "Men's clothing › Men's Shirts");
    await user.type(field(/^Tags/), 'Kurta, Linen');
    await user.click(screen.getByRole('checkbox', { name: 'White' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sky blue' }));
    await user.type(field('Price (₹)'), '1499.50');
    await user.type(field(/^Original price/), '1999');
    await user.type(field(/^Generic name/), 'Kurta');
    await user.type(field(/^Net quantity/), '1 N');
    await user.type(field(/^Country of origin/), 'India');
    await user.selectOptions(field('Who answers for the goods'), 'Manufacturer');
    await user.type(field("Manufacturer's, packer's or importer's name"), 'Kapas Apparel');
    await user.type(field('Their address'), 'Lower Parel, Mumbai');

    await user.type(field('Size of row 1'), 'm');
    await user.type(field('Stock of row 1'), '4');
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    expect(field('Size of row 2')).toHaveFocus();
    await user.type(field('Size of row 2'), 'L');
    await user.type(field('Stock of row 2'), '0');
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    await user.click(screen.getByRole('button', { name: 'Remove size row 3' }));

    const file = new File(['png'], 'kurta.png', { type: 'image/png' });
    await user.upload(field('Upload an image'), file);
    expect(upload).toHaveBeenCalledWith(file);
    expect(await screen.findByRole('img', { name: 'Image 1 (main)' })).toHaveAttribute('src', '/uploads/kurta.png');

    await user.type(field('Image address'), '/images/products/kurta--white--back.svg{Enter}');
    expect(screen.getByRole('img', { name: 'Image 2' })).toHaveAttribute(
      'src',
      '/images/products/kurta--white--back.svg',
    );
    await user.click(screen.getByRole('button', { name: 'Move image 2 up' }));
    expect(screen.getByRole('img', { name: 'Image 1 (main)' })).toHaveAttribute(
      'src',
      '/images/products/kurta--white--back.svg',
    );

    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Product created')).toBeInTheDocument();
    expect(api.callsTo('POST /product/create').map((c) => c.body)).toEqual([
      {
        name: 'Linen Kurta',
        description: 'Breathes in the heat.',
        categoryId: 'mens-shirts',
        price: 1499.5,
        originalPrice: 1999,
        saleEndsAt: null,
        colors: ['white', 'sky blue'],
        tags: ['Kurta', 'Linen'],
        images: ['/images/products/kurta--white--back.svg', '/uploads/kurta.png'],
        sizes: [
          { size: 'M', stock: 4 },
          { size: 'L', stock: 0 },
        ],
        genericName: 'Kurta',
        netQuantity: '1 N',
        countryOfOrigin: 'India',
        makerRole: 'manufacturer',
        makerName: 'Kapas Apparel',
        makerAddress: 'Lower Parel, Mumbai',
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/new-kurta'));
  }, 20_000);

  it('refuses a file of the wrong type or over 2 MB before uploading, and shows a failed upload', async () => {
    const upload = vi.fn<UploadImage>(async () => {
      throw new ApiError('The image is not a JPEG, PNG or WebP file.', { status: 400, code: 'UNSUPPORTED_IMAGE' });
    });
    // `accept` keeps the picker from offering other files; a drop or an older browser may not.
    const { user } = renderCreate({}, upload, { applyAccept: false });
    const input = await screen.findByLabelText('Upload an image');

    await user.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByText('Choose a JPEG, PNG or WebP image.')).toBeInTheDocument();

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect(screen.getByText('The image must be 2 MB or smaller.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();

    await user.upload(input, new File(['x'], 'x.webp', { type: 'image/webp' }));
    expect(await screen.findByText('The image is not a JPEG, PNG or WebP file.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Product images' })).not.toBeInTheDocument();
  });

  it('ends the session when the upload is refused for an expired token, as every other call does', async () => {
    signIn();
    const upload = vi.fn<UploadImage>(async () => {
      throw new ApiError('Your session is invalid or has expired. Please sign in again.', {
        status: 401,
        code: 'UNAUTHORIZED',
      });
    });
    const { user, store } = renderCreate({}, upload);
    await user.upload(await screen.findByLabelText('Upload an image'), new File(['x'], 'x.png', { type: 'image/png' }));

    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect((store.getState() as { auth: { token: string | null; user: unknown } }).auth).toMatchObject({
      token: null,
      user: null,
    });
  });

  it('refuses an image address the server would refuse', async () => {
    const { user } = renderCreate();
    await user.type(await screen.findByLabelText('Image address'), '//evil.example/a.jpg');
    await user.click(screen.getByRole('button', { name: 'Add image' }));
    expect(field('Image address')).toHaveAccessibleDescription(
      'The address must be an uploaded image (/uploads/…) or a drawn one (/images/products/…).',
    );
  });

  it("shows the server's issues under the fields they name", async () => {
    const { user } = renderCreate({
      'POST /product/create': () => {
        throw refusedFields(
          [
            { path: 'name', message: 'must be 120 characters or fewer' },
            { path: 'sizes.0.stock', message: 'is too big' },
          ],
          'Invalid body: name: must be 120 characters or fewer; sizes.0.stock: is too big',
        );
      },
    });
    await sendValidRing(user);

    expect(await screen.findByText('The server refused some fields; they are marked below.')).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription('Name must be 120 characters or fewer.');
    expect(field('Stock of row 1')).toHaveAccessibleDescription('Stock is too big.');
  }, 15_000);
});

const audit: AuditEntry[] = [
  {
    _id: 'a1',
    at: '2026-11-20T09:30:00.000Z',
    actor: { _id: 'u9', name: 'Meera Staff', email: 'meera@example.com' },
    entityType: 'product',
    entityId: 'oxford',
    action: 'stock.changed',
    summary: 'Stock M: 4 → 10',
  },
];

function detailOf(overrides: Partial<AdminProductDetail['product']> = {}): AdminProductDetail {
  return {
    product: {
      ...makeProduct({
        _id: 'oxford',
        name: 'Oxford Shirt',
        categoryId: 'mens-shirts',
        price: 1199,
        colors: ['white'],
        tags: ['Shirt'],
        images: ['/images/products/oxford-1.svg'],
        sizes: [{ size: 'M', stock: 4 }],
      }),
      variants: [{ sku: 'KP-OXF-WHI-M', color: 'white', size: 'M', stock: 4, price: null, originalPrice: null }],
      photos: [{ url: '/images/products/oxford-1.svg', color: null }],
      isActive: true,
      updatedAt: '2026-11-20T09:30:00.000Z',
      lowStockThreshold: null,
      ...overrides,
    },
    audit,
  };
}

function renderEdit(routes: Record<string, FakeHandler> = {}) {
  let detail = detailOf();
  const handlers: Record<string, FakeHandler> = {
    'GET /categories': () => categories,
    'GET /admin/products/:id': () => detail,
    'PATCH /product/update/:id': (call) => {
      detail = detailOf(call.body as Partial<Product>);
      return detail.product;
    },
    'PATCH /admin/products/:id/visibility': (call) => {
      detail = detailOf(call.body as { isActive: boolean });
      return {};
    },
    ...routes,
  };
  return renderStaffPage(
    <AdminProductEditPage uploadImage={vi.fn()} />,
    '/admin/products/:id',
    handlers,
    '/admin/products/oxford',
  );
}

describe('edit product page', () => {
  it('fills the form from the product and shows its history', async () => {
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'Oxford Shirt', level: 1 })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Oxford Shirt');
    expect(field('Price (₹)')).toHaveValue(1199);
    await waitFor(() => expect(field('Category')).toHaveValue('mens-shirts'));
    // Colours, sizes and stock are the variant grid's.
    const grid = screen.getByRole('form', { name: 'Variants' });
    expect(within(grid).getByRole('rowheader', { name: /White/ })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: /M/ })).toBeInTheDocument();
    expect(within(grid).getByLabelText('Stock of White / M')).toHaveValue(4);
    expect(within(grid).getByLabelText('SKU of White / M')).toHaveValue('KP-OXF-WHI-M');

    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Stock M: 4 → 10')).toBeInTheDocument();
    expect(within(history).getByText(/Meera Staff/)).toBeInTheDocument();
  });

  it('sends only the fields that changed', async () => {
    const { user, api } = renderEdit();
    await screen.findByRole('heading', { name: 'Oxford Shirt', level: 1 });
    await waitFor(() => expect(field('Category')).toHaveValue('mens-shirts'));

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to save: no field has changed.')).toBeInTheDocument();

    await user.clear(field('Price (₹)'));
    await user.type(field('Price (₹)'), '999');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH /product/update/:id').map((c) => [c.params.id, c.body])).toEqual([
      ['oxford', { price: 999 }],
    ]);
  });

  it('sets the sale end in India time, shows it back, and clears it', async () => {
    const { user, api } = renderEdit();
    await screen.findByRole('heading', { name: 'Oxford Shirt', level: 1 });
    await waitFor(() => expect(field('Category')).toHaveValue('mens-shirts'));
    const saleEnds = field(/^Sale ends \(India time, IST\)/);
    expect(saleEnds).toHaveValue('');
    await user.type(saleEnds, '2026-12-01T18:30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    await waitFor(() => expect(field(/^Sale ends \(India time, IST\)/)).toHaveValue('2026-12-01T18:30'));

    await user.clear(field(/^Sale ends \(India time, IST\)/));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH /product/update/:id')).toHaveLength(2));
    expect(api.callsTo('PATCH /product/update/:id').map((c) => c.body)).toEqual([
      { saleEndsAt: '2026-12-01T13:00:00.000Z' },
      { saleEndsAt: null },
    ]);
  });

  it('saves the variant grid whole: a colour and a size added, stock typed, in one call', async () => {
    const saved: unknown[] = [];
    const { user, api } = renderEdit({
      'PUT /admin/products/:id/variants': (call) => {
        saved.push(call.body);
        return detailOf();
      },
    });
    const grid = await screen.findByRole('form', { name: 'Variants' });
    await user.selectOptions(within(grid).getByLabelText('Colour'), 'navy');
    await user.click(within(grid).getByRole('button', { name: 'Add colour' }));
    await user.type(within(grid).getByLabelText('Size'), 'l');
    await user.click(within(grid).getByRole('button', { name: 'Add size' }));
    await user.clear(within(grid).getByLabelText('Stock of Navy / L'));
    await user.type(within(grid).getByLabelText('Stock of Navy / L'), '7');
    await user.click(within(grid).getByRole('button', { name: 'Save variants' }));

    expect(await screen.findByText('Variants saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /admin/products/:id/variants')).toHaveLength(1);
    expect(saved[0]).toEqual({
      colors: ['white', 'navy'],
      sizes: ['M', 'L'],
      lowStockThreshold: null,
      cells: [
        { color: 'white', size: 'M', sku: 'KP-OXF-WHI-M', stock: 4, stockWas: 4, price: null, originalPrice: null },
        { color: 'white', size: 'L', sku: '', stock: 0, price: null, originalPrice: null },
        { color: 'navy', size: 'M', sku: '', stock: 0, price: null, originalPrice: null },
        { color: 'navy', size: 'L', sku: '', stock: 7, price: null, originalPrice: null },
      ],
    });
  });

  it('marks a cell the grid cannot save, and sends nothing', async () => {
    const { user, api } = renderEdit();
    const grid = await screen.findByRole('form', { name: 'Variants' });
    await user.clear(within(grid).getByLabelText('Stock of White / M'));
    await user.type(within(grid).getByLabelText('Stock of White / M'), '2.5');
    await user.click(within(grid).getByRole('button', { name: 'Save variants' }));
    expect(await within(grid).findByText('White / M: stock must be a whole number, 0 or more.')).toBeInTheDocument();
    expect(within(grid).getByLabelText('Stock of White / M')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /admin/products/:id/variants')).toHaveLength(0);
  });

  it('hides the product and unhides it', async () => {
    const { user, api } = renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Hide product' }));
    expect(await screen.findByText('Product hidden from the shop')).toBeInTheDocument();
    expect(await screen.findByText('Hidden from shoppers')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unhide product' }));
    expect(await screen.findByText('Product back in the shop')).toBeInTheDocument();
    expect(api.callsTo('PATCH /admin/products/:id/visibility').map((c) => c.body)).toEqual([
      { isActive: false },
      { isActive: true },
    ]);
  });

  it('says when the product does not exist', async () => {
    renderEdit({
      'GET /admin/products/:id': () => {
        throw new ApiError('Product not found.', { status: 404, code: 'NOT_FOUND' });
      },
    });
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
