/**
 * The one error type of Quire and the closed list of error codes. Code anywhere throws
 * `new ApiError(code, detail)`; the error handler (src/http/error-handler.ts) renders it as
 * application/problem+json. Adding a code means adding it here, with its status and title.
 */
export const ERROR_CODES = {
  validation_failed: { status: 400, title: 'The request is not valid' },
  malformed_json: { status: 400, title: 'The request body is not valid JSON' },
  invalid_cursor: { status: 400, title: 'The cursor is not valid for this list' },
  bad_request: { status: 400, title: 'The request cannot be processed' },
  unauthenticated: { status: 401, title: 'A valid API key is required' },
  forbidden: { status: 403, title: 'Not allowed' },
  not_found: { status: 404, title: 'Not found' },
  account_not_found: { status: 404, title: 'Account not found' },
  asset_not_found: { status: 404, title: 'Asset not found' },
  topic_not_found: { status: 404, title: 'Topic not found' },
  topic_entry_not_found: { status: 404, title: 'Topic entry not found' },
  conflict: { status: 409, title: 'The request conflicts with the current state' },
  log_not_editable: { status: 409, title: 'Only user-authored logs can be edited' },
  payload_too_large: { status: 413, title: 'The request body is too large' },
  unsupported_media_type: { status: 415, title: 'The request body must be application/json' },
  idempotency_key_reused: {
    status: 422,
    title: 'The idempotency key was already used with a different request',
  },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal server error' },
  service_unavailable: { status: 503, title: 'The service is temporarily unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One problem in a request: a body member (`pointer`, RFC 6901) or a query parameter. */
export interface FieldError {
  pointer?: string;
  parameter?: string;
  header?: string;
  detail: string;
  code: string;
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

  static invalidField(pointer: string, detail: string, code = 'invalid_value'): ApiError {
    return new ApiError('validation_failed', `${pointer.slice(1)}: ${detail}`, [{ pointer, detail, code }]);
  }
}
