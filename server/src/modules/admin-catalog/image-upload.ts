import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@shop/core';
import { AppError, badRequest, serviceBusy } from '../../lib/errors.ts';
import { imageTooLarge, storeImage, takeUploadPlace } from './image-store.ts';

/**
 * Multipart bodies, for the scope of an upload route only: one file, a few small fields at
 * most, so a request can never hold more than the image limit.
 */
export async function acceptImageUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
}

/**
 * Keeps the image uploaded in the field `image` (staff's product photos, a shopper's return
 * photos: one pipeline, its limits and its queue) and answers its site path.
 */
export async function receiveImage(
  request: FastifyRequest,
  reply: FastifyReply,
  uploadsDir: string | null,
): Promise<string> {
  if (!uploadsDir) {
    throw new AppError(503, 'UPLOADS_DISABLED', 'Image uploads are not set up on this server.');
  }
  if (!request.isMultipart()) {
    throw new AppError(415, 'NOT_MULTIPART', 'Send the image as multipart/form-data, in the field "image".');
  }
  // A place in the queue first: when it is full the answer is 503 at once, the body unread.
  const givePlaceBack = takeUploadPlace();
  // A request given up (the connection closed before the answer) leaves the queue unworked.
  const givenUp = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) givenUp.abort(serviceBusy());
  };
  reply.raw.once('close', onClose);
  try {
    return await storeImage(uploadsDir, await uploadedBytes(request), givenUp.signal);
  } finally {
    reply.raw.off('close', onClose);
    givePlaceBack();
  }
}

/**
 * The bytes of the one file in the field `image`. Whatever goes wrong while reading the
 * multipart body (a missing boundary, a cut-off part, too many parts) is the client's
 * doing: a 400, or a 413 for a file over the limit, never a 500.
 */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'image') {
      throw badRequest('IMAGE_REQUIRED', 'Send one image file in the field "image".');
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw badRequest(
      'MALFORMED_UPLOAD',
      'The upload could not be read: send one image as multipart/form-data in the field "image".',
    );
  }
}
