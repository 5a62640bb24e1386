import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError } from '../errors.js';
import { PROBLEM_CONTENT_TYPE } from './problem.js';
import { toFieldErrors } from './validation.js';

/**
 * The one error renderer. Everything that goes wrong, in Quire's code or in Fastify's parsing
 * and validation, leaves as application/problem+json with a stable `code` and the request id.
 */
/** Answers a request no route matched, when it can (a tenant's own host); false leaves it a 404. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export function registerErrorHandling(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, apiError);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (fallback !== undefined && (await fallback(request, reply))) return reply;
    return sendProblem(
      request,
      reply,
      new ApiError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`),
    );
  });
}

function sendProblem(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply
    .code(error.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send({
      type: 'about:blank',
      title: error.title,
      status: error.status,
      detail: error.detail,
      code: error.code,
      requestId: request.id,
      ...(error.errors ? { errors: error.errors } : {}),
    });
}

/** Maps any thrown value to an ApiError; unknown failures become a bare 500 that leaks nothing. */
export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const part = (fastifyError.validationContext ?? 'body') as 'body' | 'querystring' | 'params' | 'headers';
    const errors = toFieldErrors(fastifyError.validation as never, part);
    const where = part === 'body' ? 'body' : part === 'querystring' ? 'query' : part;
    const detail =
      errors.length === 0
        ? `The request ${where} is not valid`
        : `Invalid request ${where}: ${errors.map((e) => e.detail).join('; ')}`;
    return new ApiError('validation_failed', detail, errors);
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('malformed_json', bodyMessage(fastifyError));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is larger than the limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return fastifyError.statusCode === 415
        ? new ApiError('unsupported_media_type', 'Send the body as application/json')
        : new ApiError('bad_request', fastifyError.message);
  }
  // JSON.parse failures (and prototype-poisoning attempts) surface as 400 SyntaxErrors.
  if (error instanceof SyntaxError || /JSON/.test(fastifyError.code ?? '')) {
    return new ApiError('malformed_json', bodyMessage(fastifyError));
  }
  if (isDatabaseUnavailable(error)) {
    return new ApiError(
      'service_unavailable',
      'The database is temporarily unavailable; retry shortly',
      undefined,
      {
        'Retry-After': '1',
      },
    );
  }
  // PostgreSQL refuses text it cannot store (a NUL character, e.g. in a path id or a forged
  // cursor): that is the client's input, so a 400, never a 500.
  const pgCode = (error as { code?: unknown }).code;
  if (pgCode === '22021' || pgCode === '22P05') {
    return new ApiError('bad_request', 'The request contains characters that cannot be stored (such as NUL)');
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) return new ApiError('payload_too_large', 'The request body is larger than the limit');
  if (status === 415) return new ApiError('unsupported_media_type', 'Send the body as application/json');
  if (status >= 400 && status < 500) return new ApiError('bad_request', fastifyError.message);
  if (status === 503) return new ApiError('service_unavailable', 'The service is temporarily unavailable');
  return new ApiError(
    'internal',
    'Something went wrong on our side; the request id identifies it in our logs',
  );
}

function bodyMessage(error: FastifyError): string {
  return error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ? 'The request body is empty; send a JSON object'
    : 'The request body is not valid JSON (is it complete?)';
}
