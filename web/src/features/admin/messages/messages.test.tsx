import type { AdminMessageDetail, AdminMessageRow } from '@shop/core';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import type { FakeApi, FakeHandler } from '../../../test/fake-api.ts';
import { makeAuditEntry, makeListPage, renderStaffPage } from '../test-fixtures.ts';
import { AdminMessageDetailPage } from './message-detail-page.tsx';
import { AdminMessagesPage } from './messages-page.tsx';

function makeMessage(overrides: Partial<AdminMessageRow> = {}): AdminMessageRow {
  return {
    _id: 'm1',
    template: 'order-placed',
    to: 'asha@example.com',
    subject: 'Order KP-20261121-0001 placed',
    status: 'sent',
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    sentAt: '2026-11-21T10:00:02.000Z',
    order: { _id: 'o1', orderNumber: 'KP-20261121-0001' },
    resentFrom: null,
    ...overrides,
  };
}

const sent = makeMessage();
const failed = makeMessage({
  _id: 'm2',
  template: 'order-shipped',
  to: 'vikram@example.com',
  subject: 'Order KP-20261120-0002 is on its way',
  status: 'failed',
  attempts: 8,
  sentAt: null,
  lastError: '550 Recipient address rejected',
});
const queued = makeMessage({ _id: 'm3', subject: null, status: 'queued', sentAt: null, attempts: 0 });

const page = (messages: AdminMessageRow[], extra: object = {}) => ({ ...makeListPage('messages', messages), ...extra });

function renderList(route = '/admin/messages', handler?: FakeHandler) {
  return renderStaffPage(
    <AdminMessagesPage />,
    '/admin/messages',
    { 'GET /admin/messages': handler ?? (() => page([queued, failed, sent])) },
    route,
  );
}
const lastQuery = (api: FakeApi) => api.callsTo('GET /admin/messages').at(-1)?.query;

describe('staff messages list', () => {
  it('shows each message with its recipient, status and error, linking to its page', async () => {
    const { api } = renderList();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const failedItem = within(list).getByRole('link', { name: /is on its way/ });
    expect(failedItem).toHaveAttribute('href', '/admin/messages/m2');
    expect(failedItem).toHaveTextContent('To vikram@example.com');
    expect(failedItem).toHaveTextContent('550 Recipient address rejected');
    expect(within(failedItem).getByText('Failed')).toBeInTheDocument();
    // Not written yet: the template names it.
    expect(within(list).getByRole('link', { name: /Order placed/ })).toHaveTextContent('Queued');
    expect(screen.getByText('3 messages')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ limit: '20' });
  });

  it('filters by status through the URL', async () => {
    const { api, user, router } = renderList('/admin/messages?status=failed', () => page([failed]));
    await screen.findByRole('list', { name: 'Messages' });
    expect(lastQuery(api)).toEqual({ status: 'failed', limit: '20' });
    expect(screen.getByLabelText('Status')).toHaveValue('failed');

    await user.selectOptions(screen.getByLabelText('Status'), 'queued');
    await waitFor(() => expect(lastQuery(api)).toEqual({ status: 'queued', limit: '20' }));
    expect(router.state.location.search).toBe('?status=queued');
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(lastQuery(api)).toEqual({ limit: '20' }));
  });

  it('ignores a status the API does not know, and says when nothing matches', async () => {
    const { api } = renderList('/admin/messages?status=lost', () => page([]));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ limit: '20' });
  });

  it('shows the server message when the list cannot load', async () => {
    renderList('/admin/messages', () => {
      throw new ApiError('The shop is briefly unavailable.', { status: 503, code: 'SERVICE_UNAVAILABLE' });
    });
    expect(await screen.findByText('The shop is briefly unavailable.')).toBeInTheDocument();
  });
});

function detailOf(message: AdminMessageRow, extra: Partial<AdminMessageDetail> = {}): AdminMessageDetail {
  return {
    message,
    content: message.status === 'sent' ? { html: '<p>Thank you for your order</p>', text: 'Thank you, in text' } : null,
    contentWithheld: false,
    resendable: message.status === 'sent' || message.status === 'failed',
    audit: [],
    ...extra,
  };
}

function renderDetail(handlers: Record<string, FakeHandler>, id = 'm1') {
  return renderStaffPage(<AdminMessageDetailPage />, '/admin/messages/:id', handlers, `/admin/messages/${id}`);
}

describe('staff message page', () => {
  it('shows the message: recipient, delivery, its HTML in a sandboxed frame, its text and history', async () => {
    renderDetail({
      'GET /admin/messages/:id': () =>
        detailOf(sent, {
          audit: [makeAuditEntry({ entityType: 'message', summary: 'Sent again to asha@example.com' })],
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order KP-20261121-0001 placed' })).toBeInTheDocument();
    expect(screen.getByText('To asha@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'KP-20261121-0001' })).toHaveAttribute('href', '/admin/orders/o1');
    const frame = screen.getByTitle('The message as HTML');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Thank you for your order</p>');
    expect(screen.getByText('Thank you, in text')).toBeInTheDocument();
    expect(screen.getByText('Sent again to asha@example.com')).toBeInTheDocument();
  });

  it('shows why a message failed, and does not show a private one', async () => {
    renderDetail({ 'GET /admin/messages/:id': () => detailOf(failed) }, 'm2');
    expect(await screen.findByText('550 Recipient address rejected')).toBeInTheDocument();
    expect(screen.getByText('8')).toBeInTheDocument();
    expect(screen.queryByTitle('The message as HTML')).not.toBeInTheDocument();
  });

  it('withholds a private message and offers no "Send again"', async () => {
    const reset = makeMessage({ template: 'password-reset', subject: 'Reset your KAPAS password', order: null });
    renderDetail({
      'GET /admin/messages/:id': () => detailOf(reset, { content: null, contentWithheld: true, resendable: false }),
    });
    expect(await screen.findByText(/Not shown: this message holds a link/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  it('"Send again" queues a copy and opens it', async () => {
    const copy = makeMessage({
      _id: 'm9',
      status: 'queued',
      subject: null,
      sentAt: null,
      attempts: 0,
      resentFrom: 'm1',
    });
    const { user, api, router } = renderDetail({
      'GET /admin/messages/:id': ({ params }) => (params.id === 'm9' ? detailOf(copy) : detailOf(sent)),
      'POST /admin/messages/:id/resend': () => detailOf(copy),
    });
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Message queued to be sent again')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/messages/m9'));
    expect(api.callsTo('POST /admin/messages/:id/resend')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'the earlier message' })).toHaveAttribute(
      'href',
      '/admin/messages/m1',
    );
  });

  it('says why "Send again" was refused', async () => {
    const { user } = renderDetail({
      'GET /admin/messages/:id': () => detailOf(sent),
      'POST /admin/messages/:id/resend': () => {
        throw new ApiError('This message is still on its way.', { status: 409, code: 'MESSAGE_NOT_FINISHED' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('This message is still on its way.')).toBeInTheDocument();
  });
});
