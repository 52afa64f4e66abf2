import { ApiError, NETWORK_ERROR } from './http.ts';
import { createImageUploader, imageFileProblem } from './upload-image.ts';

const MB = 1024 * 1024;

describe('imageFileProblem', () => {
  it.each([
    ['image/jpeg', MB, null],
    ['image/png', 2 * MB, null],
    ['image/webp', 10, null],
    ['image/gif', 10, 'Choose a JPEG, PNG or WebP image.'],
    ['application/pdf', 10, 'Choose a JPEG, PNG or WebP image.'],
    ['image/jpeg', 2 * MB + 1, 'The image must be 2 MB or smaller.'],
  ])('%s of %i bytes → %j', (type, size, problem) => {
    expect(imageFileProblem({ type, size })).toBe(problem);
  });
});

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('createImageUploader', () => {
  it('posts the file as the multipart field "image" with the bearer token, and answers the url', async () => {
    window.localStorage.setItem('token', 'staff-token');
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(201, { success: true, data: { url: '/uploads/a.png' } }),
    );
    const file = new File(['png'], 'a.png', { type: 'image/png' });

    await expect(createImageUploader(fetchMock)(file)).resolves.toEqual({ url: '/uploads/a.png' });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/uploads');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer staff-token');
    // The browser sets the multipart content type (with its boundary) itself.
    expect(headers['Content-Type']).toBeUndefined();
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('image')).toBe(file);
  });

  it("turns a refusal into an ApiError with the server's message", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(400, { success: false, code: 'UNSUPPORTED_IMAGE', message: 'Only JPEG, PNG or WebP images.' }),
    );
    const failure = createImageUploader(fetchMock)(new File(['x'], 'x.png', { type: 'image/png' }));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'UNSUPPORTED_IMAGE',
      message: 'Only JPEG, PNG or WebP images.',
    });
  });

  it('reports a network failure like every other request', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(createImageUploader(fetchMock)(new File(['x'], 'x.png', { type: 'image/png' }))).rejects.toMatchObject(
      {
        code: NETWORK_ERROR,
      },
    );
  });
});
