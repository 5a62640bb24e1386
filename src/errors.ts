/**
 * The one error type of Quire and the closed list of error codes. Code anywhere throws
 * `new ApiError(code, detail)`; the error handler (src/http/error-handler.ts) renders it as
 * application/problem+json. Adding a code means adding it here, with its status and title.
 */
export const ERROR_CODES = {
  validation_failed: {
    status: 400,
    title: 'The request is not valid',
    when: 'A body member, path or query parameter is missing, of the wrong type, out of bounds, badly formatted or unknown. `errors` lists every problem at once: `pointer` (JSON Pointer) for body members, `parameter` for path and query parameters.',
  },
  malformed_json: {
    status: 400,
    title: 'The request body is not valid JSON',
    when: 'The body is not valid JSON (truncated, empty, or a prototype-poisoning attempt).',
  },
  invalid_cursor: {
    status: 400,
    title: 'The cursor is not valid for this list',
    when: 'A cursor that this list did not return, or one reused with other filters.',
  },
  bad_request: {
    status: 400,
    title: 'The request cannot be processed',
    when: 'A body the server cannot read for another reason (a wrong `Content-Length`).',
  },
  unauthenticated: {
    status: 401,
    title: 'A valid API key is required',
    when: 'Missing, unknown or revoked API key.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    when: 'A valid API key whose scopes do not include the one the operation needs (each operation names it in `x-required-scope`; the detail names the missing scope), or `/metrics` from a non-loopback client without `METRICS_TOKEN`.',
  },
  not_found: {
    status: 404,
    title: 'Not found',
    when: 'The record does not exist in your tenant (ids of another kind or shape are simply not found).',
  },
  account_not_found: {
    status: 404,
    title: 'Account not found',
    when: 'The `accountId` of the request names no account of your tenant.',
  },
  asset_not_found: {
    status: 404,
    title: 'Asset not found',
    when: 'The `parentAssetId` names no asset of your tenant, or a deleted one.',
  },
  topic_not_found: {
    status: 404,
    title: 'Topic not found',
    when: 'The topic does not exist in your tenant.',
  },
  topic_entry_not_found: {
    status: 404,
    title: 'Topic entry not found',
    when: 'The topic has no entry with that id (operator API).',
  },
  conflict: {
    status: 409,
    title: 'The request conflicts with the current state',
    when: "The record's state does not allow the request (an archived audience, a deleted log), or a concurrent request won a race; the detail says which, and whether retrying helps.",
  },
  log_not_editable: {
    status: 409,
    title: 'Only user-authored logs can be edited',
    when: 'A PATCH of a log whose `source` is not `user`.',
  },
  payload_too_large: {
    status: 413,
    title: 'The request body is too large',
    when: 'The body is larger than `BODY_LIMIT_BYTES` (1 MiB by default).',
  },
  uri_too_long: {
    status: 414,
    title: 'The URL is too long',
    when: 'The URL (path and query) is longer than the server accepts; the answer does not echo it.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'The request body must be application/json',
    when: 'A body that is not `application/json`.',
  },
  idempotency_key_reused: {
    status: 422,
    title: 'The idempotency key was already used with a different request',
    when: 'An idempotency key (`idempotencyKey`, `operationKey`, `clientMessageId`) reused with a different body.',
  },
  rate_limited: { status: 429, title: 'Too many requests', when: 'Over the rate limit; see `Retry-After`.' },
  internal: {
    status: 500,
    title: 'Internal server error',
    when: 'A fault on our side; the body never carries internals. Quote the `requestId`.',
  },
  service_unavailable: {
    status: 503,
    title: 'The service is temporarily unavailable',
    when: 'Shutting down, or the database is unavailable; retry.',
  },
} as const satisfies Record<string, { status: number; title: string; when: string }>;

/** The codes of the items of a problem's `errors` list, and what each means. */
export const FIELD_ERROR_CODES = {
  required: 'A required member or parameter is missing.',
  unknown_field: 'A body member the operation does not define.',
  invalid_type: 'The value has the wrong JSON type (no coercion: `"name": 42` is not a string).',
  too_short: 'A string shorter than its minimum length.',
  too_long: 'A string longer than its maximum length.',
  invalid_format:
    'A string that does not follow its format or pattern (email, domain, phone number, timestamp).',
  invalid_value: 'A value outside its allowed set, or otherwise not acceptable (the detail says why).',
  out_of_range: 'A number below its minimum or above its maximum.',
  invalid_length: 'An array with too few or too many items.',
  invalid_cursor: 'The `cursor` parameter is not one this list returned for these filters.',
  idempotency_key_reused: 'The idempotency key was used before with a different body.',
  too_many_words: 'A search `query` of more distinct words than allowed.',
  domain_mismatch: 'The `domain` is not the domain of the account the `accountId` names.',
  invalid_number: 'A number JSON cannot carry exactly (`1e309` overflows to infinity); send a finite number.',
  credential_in_url:
    'An API key sent in the URL query, where logs and proxies keep it; send it in the `x-api-key` header.',
} as const satisfies Record<string, string>;

export type FieldErrorCode = keyof typeof FIELD_ERROR_CODES;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One problem in a request: a body member (`pointer`, RFC 6901) or a query parameter. */
export interface FieldError {
  pointer?: string;
  parameter?: string;
  header?: string;
  detail: string;
  code: FieldErrorCode;
}

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = ERROR_CODES[code].status;
    this.title = ERROR_CODES[code].title;
  }

  static notFound(what: string): ApiError {
    return new ApiError('not_found', `${what} not found`);
  }

  /** 429: `what` went over its limit; the client may retry after `retryAfter` seconds (also sent as `Retry-After`). */
  static rateLimited(what: string, retryAfter: number): ApiError {
    return new ApiError('rate_limited', `${what}; retry in ${retryAfter} s`, undefined, {
      'Retry-After': String(retryAfter),
    });
  }

  static invalidField(pointer: string, detail: string, code: FieldErrorCode = 'invalid_value'): ApiError {
    return new ApiError('validation_failed', `${pointer.slice(1)}: ${detail}`, [{ pointer, detail, code }]);
  }
}
