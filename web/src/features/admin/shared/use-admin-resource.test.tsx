import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { setupStore } from '../../../app/store.ts';
import { ApiError } from '../../../lib/http.ts';
import { createFakeApi, deferred, type FakeApi } from '../../../test/fake-api.ts';
import { useAdminResource, type AdminResourceOptions } from './use-admin-resource.ts';

function renderResource(api: FakeApi, key: string, options?: AdminResourceOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={setupStore({ api })}>{children}</Provider>
  );
  return renderHook(
    ({ id }: { id: string }) =>
      useAdminResource(`thing/${id}`, (client, signal) => client.get<string>(`/things/${id}`, { signal }), options),
    { wrapper, initialProps: { id: key } },
  );
}

describe('useAdminResource', () => {
  it('loads with the store’s client, then reports the data', async () => {
    const api = createFakeApi({ 'GET /things/:id': (call) => `thing ${call.params.id}` });
    const { result } = renderResource(api, 'a');
    expect(result.current).toMatchObject({ data: null, error: null, loading: true });
    await waitFor(() => expect(result.current).toMatchObject({ data: 'thing a', error: null, loading: false }));
  });

  it('aborts the request for the old key when the key changes, and on unmount', async () => {
    const answers = { a: deferred<string>(), b: deferred<string>() };
    const api = createFakeApi({ 'GET /things/:id': (call) => answers[call.params.id as 'a' | 'b'].promise });
    const { result, rerender, unmount } = renderResource(api, 'a');
    rerender({ id: 'b' });
    const [first, second] = api.callsTo('GET /things/:id');
    expect(first!.signal!.aborted).toBe(true);
    expect(second!.signal!.aborted).toBe(false);

    // A late answer for the old key changes nothing.
    await act(async () => answers.a.resolve('thing a'));
    expect(result.current.data).toBeNull();
    await act(async () => answers.b.resolve('thing b'));
    expect(result.current.data).toBe('thing b');

    unmount();
    expect(second!.signal!.aborted).toBe(true);
  });

  it('keeps the data on screen while reloading, and after a failed reload reports the error beside it', async () => {
    let fail = false;
    const api = createFakeApi({
      'GET /things/:id': () => {
        if (fail) throw new ApiError('Try later.', { status: 503, code: 'UNAVAILABLE' });
        return 'thing a';
      },
    });
    const { result } = renderResource(api, 'a');
    await waitFor(() => expect(result.current.data).toBe('thing a'));

    fail = true;
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 'thing a', loading: true });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toBe('thing a');
    expect(result.current.error).toMatchObject({ message: 'Try later.', status: 503 });
  });

  it('uses the fallback when the failure has no message from the server; drops old data on a new key unless asked', async () => {
    const api = createFakeApi({
      'GET /things/:id': (call) => {
        if (call.params.id === 'b') throw new Error('network down');
        return 'thing a';
      },
    });
    const plain = renderResource(api, 'a', { fallbackMessage: 'Failed to fetch things' });
    await waitFor(() => expect(plain.result.current.data).toBe('thing a'));
    plain.rerender({ id: 'b' });
    expect(plain.result.current.data).toBeNull();
    await waitFor(() => expect(plain.result.current.error?.message).toBe('Failed to fetch things'));

    const kept = renderResource(api, 'a', { keepPreviousData: true });
    await waitFor(() => expect(kept.result.current.data).toBe('thing a'));
    kept.rerender({ id: 'c' });
    expect(kept.result.current).toMatchObject({ data: 'thing a', loading: true });
  });
});
