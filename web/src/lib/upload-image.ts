/**
 * Image uploads (staff's product images, shoppers' return photos). The API client speaks JSON only, so the upload borrows it with a
 * fetch that sends the file as multipart form data instead: the token, the base URL and the
 * envelope handling (success, `ApiError` with the server's message, network failures) stay
 * the client's own.
 */
import { UPLOAD_MAX_BYTES, uploadImageTypes } from '@shop/core';
import { createApiClient } from './http.ts';

export type UploadImage = (file: File) => Promise<{ url: string }>;

const megabytes = UPLOAD_MAX_BYTES / (1024 * 1024);

/** The server's own limits, checked before sending so staff hear at once; null when fine. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(uploadImageTypes as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP image.';
  }
  if (file.size > UPLOAD_MAX_BYTES) return `The image must be ${megabytes} MB or smaller.`;
  return null;
}

/** Posts the file to `path`: staff's product images, or a shopper's return photos (one pipeline on the server). */
export function createImageUploader(fetchImpl?: typeof globalThis.fetch, path = '/admin/uploads'): UploadImage {
  return (file) => {
    const form = new FormData();
    form.append('image', file);
    const client = createApiClient({
      // No JSON body is given, so no JSON content type is set; the browser writes the
      // multipart boundary itself.
      fetch: (input, init) => (fetchImpl ?? globalThis.fetch)(input, { ...init, body: form }),
    });
    return client.post<{ url: string }>(path);
  };
}

/** Posts `image` to /api/admin/uploads with the signed-in staff member's token. */
export const uploadProductImage: UploadImage = createImageUploader();

/** Posts a return's photo to /api/order/return-photos with the signed-in shopper's token. */
export const uploadReturnPhoto: UploadImage = createImageUploader(undefined, '/order/return-photos');
