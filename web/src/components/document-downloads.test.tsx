import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupStore } from '../lib/store/store.ts';
import { signIn } from '../test/render.tsx';
import { DocumentDownloads } from './document-downloads.tsx';

/** The buttons in the app's store, whose session a refused token ends. */
function renderDownloads(props: ComponentProps<typeof DocumentDownloads>, store = setupStore()) {
  return {
    store,
    ...render(
      <Provider store={store}>
        <DocumentDownloads {...props} />
      </Provider>,
    ),
  };
}

const documents = [
  { kind: 'invoice' as const, number: 'KP/26-27/000123', issuedAt: '2026-11-24T10:00:00.000Z' },
  { kind: 'credit_note' as const, number: 'KPCN/26-27/00004', issuedAt: '2026-11-25T10:00:00.000Z' },
];

const { createObjectURL, revokeObjectURL } = URL;

describe('DocumentDownloads', () => {
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('fetches the document with the session’s token and saves it under the server’s name', async () => {
    window.localStorage.setItem('token', 'tok-1');
    const fetch = vi.fn(
      async () =>
        new Response(new Blob(['%PDF-1.3']), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="KP-26-27-000123.pdf"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const madeUrl = vi.fn(() => 'blob:invoice');
    // jsdom has no object URLs: the browser's are stood in for, and put back after.
    Object.assign(URL, { createObjectURL: madeUrl, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });

    renderDownloads({ documents, basePath: '/order/o1', orderNumber: 'KP1', onError: vi.fn() });
    await userEvent.setup().click(screen.getByRole('button', { name: /^Download invoice KP\/26-27\/000123/ }));

    expect(fetch).toHaveBeenCalledWith('/api/order/o1/invoice', { headers: { Authorization: 'Bearer tok-1' } });
    expect(clicked).toEqual(['KP-26-27-000123.pdf blob:invoice']);
    expect(screen.getByRole('button', { name: /^Download credit note/ })).toBeEnabled();
    click.mockRestore();
  });

  it('tells why a download was refused, in the server’s words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { success: false, code: 'CREDIT_NOTE_NOT_FOUND', message: 'This order has no credit note.' },
          { status: 404 },
        ),
      ),
    );
    const onError = vi.fn();
    renderDownloads({ documents, basePath: '/order/o1', orderNumber: 'KP1', onError });
    await userEvent.setup().click(screen.getByRole('button', { name: /^Download credit note/ }));
    expect(onError).toHaveBeenCalledWith('This order has no credit note.');
  });

  it('ends the session when the server refuses the token, as every other call does', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            success: false,
            code: 'UNAUTHORIZED',
            message: 'Your session is invalid or has expired. Please sign in again.',
          },
          { status: 401 },
        ),
      ),
    );
    const store = setupStore();
    const dispatched: unknown[] = [];
    const dispatch = store.dispatch;
    vi.spyOn(store, 'dispatch').mockImplementation((action) => {
      dispatched.push(action);
      return dispatch(action);
    });
    renderDownloads({ documents, basePath: '/order/o1', orderNumber: 'KP1', onError: vi.fn() }, store);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Download invoice/ }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(dispatched).toContainEqual({ type: 'session/signedOut', payload: { reason: 'expired' } });
  });

  it('shows nothing for an order with no documents', () => {
    const { container } = renderDownloads({
      documents: [],
      basePath: '/order/o1',
      orderNumber: 'KP1',
      onError: vi.fn(),
    });
    expect(container).toBeEmptyDOMElement();
  });
});
