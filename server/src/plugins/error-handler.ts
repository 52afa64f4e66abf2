import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '@shop/core';
import {
  AppError,
  isDatabaseUnavailable,
  isTransactionConflict,
  serviceUnavailable,
  transactionConflict,
} from '../lib/errors.ts';

function send(reply: FastifyReply, status: number, body: Omit<ErrorEnvelope, 'success'>) {
  return reply.status(status).send({ success: false, ...body });
}

// Messages for the framework's own refusals (bad JSON, wrong content type, body too large…),
// so a shopper never reads an internal error code.
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body must not be empty JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/**
 * One mapping from failures to the envelope `{ success: false, message, code }`:
 * validation → 400 naming each field, AppError → its own status, other client errors →
 * their status with a plain message, anything else → logged and a bare 500.
 * Unknown paths are a JSON 404, except page requests when the SPA is served.
 */
async function errorHandlerPlugin(app: FastifyInstance, options: { spaFallback: boolean }) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || where,
        message: issue.message ?? 'is invalid',
      }));
      const message = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
      return send(reply, 400, { code: 'VALIDATION_FAILED', message: `Invalid ${where}: ${message}`, issues });
    }
    let refusal = error instanceof AppError ? error : null;
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      refusal = serviceUnavailable();
    } else if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'transaction ended by a deadlock or conflict');
      refusal = transactionConflict();
    }
    if (refusal) {
      // A 503 is about this moment: clients and proxies may try again a little later.
      if (refusal.statusCode === 503) reply.header('retry-after', '5');
      return send(reply, refusal.statusCode, {
        code: refusal.code,
        message: refusal.message,
        ...(refusal.issues && { issues: [...refusal.issues] }),
        ...(refusal.data !== undefined && { data: refusal.data }),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = frameworkMessages[error.code] ?? (error.message || 'Bad request');
      return send(reply, status, { code: error.code ?? 'BAD_REQUEST', message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, { code: 'INTERNAL', message: 'Something went wrong. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Any other GET (or HEAD) for a page is a client-side route of the SPA: answer with its shell.
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (options.spaFallback && isPageRequest && !path.startsWith('/api/') && !path.includes('.')) {
      return reply.sendAppShell();
    }
    return send(reply, 404, { code: 'NOT_FOUND', message: `No such endpoint: ${request.method} ${path}` });
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
