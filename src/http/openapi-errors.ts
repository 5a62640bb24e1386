import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { codesOf, PROBLEM_CONTENT_TYPE, problemResponse, WITH_A_BODY, WITH_PARAMETERS } from './problem.js';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked structurally
type OpenApiDoc = any;

export interface ProblemResponseOptions {
  /** The operations completed: those whose path starts with it. */
  pathPrefix: string;
  /** What an operation can answer besides what its route and request say (authentication, roles). */
  extraCodes?: (operation: OpenApiDoc, path: string) => ErrorCode[];
}

/**
 * Gives each operation exactly the error responses it can return: those its route names
 * (src/http/problem.ts), those of its request (a body can be malformed, too large or of another
 * media type; parameters can be invalid), and an example problem for each.
 */
export function completeProblemResponses(
  doc: OpenApiDoc,
  { pathPrefix, extraCodes }: ProblemResponseOptions = { pathPrefix: '/v0/' },
): void {
  for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, OpenApiDoc][]) {
    if (!path.startsWith(pathPrefix)) continue;
    for (const operation of Object.values(item) as OpenApiDoc[]) {
      operation.responses ??= {};
      const responses = operation.responses;
      const codes = new Set<ErrorCode>(extraCodes?.(operation, path) ?? []);
      for (const [status, response] of Object.entries(responses) as [string, OpenApiDoc][])
        if (/^[45]/.test(status)) for (const code of codesOf(response.description ?? '')) codes.add(code);
      if (operation.requestBody) for (const code of WITH_A_BODY) codes.add(code);
      if ((operation.parameters ?? []).length > 0) for (const code of WITH_PARAMETERS) codes.add(code);
      // A key without the operation's scope is refused (see registerApiKeyAuth).
      if (operation['x-required-scope'] !== undefined) codes.add('forbidden');
      for (const status of Object.keys(responses)) if (/^[45]/.test(status)) delete responses[status];
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
        if (!codes.has(code)) continue;
        const status = ERROR_CODES[code].status;
        byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
      }
      for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
        const response = problemResponse(list) as OpenApiDoc;
        const media = response.content[PROBLEM_CONTENT_TYPE];
        media.schema = { $ref: '#/components/schemas/Problem' };
        const hasBody = operation.requestBody !== undefined;
        media.examples = Object.fromEntries(
          list.map((code) => [code, { value: exampleProblem(code, hasBody, operation) }]),
        );
        responses[status] = response;
      }
    }
  }
}

/** The words of src/features/admin/enforce-roles.ts for a caller without the route's access. */
function forbiddenByRole(role: string): string {
  if (role === 'instance') return 'This route is for instance admins';
  if (role === 'signed-in') return 'This route is for a console session, not the admin token';
  if (role === 'viewer') return 'Choose a new password first (POST /admin/v0/me/password)';
  return `This needs the ${role} role; you are viewer`;
}

function exampleProblem(code: ErrorCode, hasBody: boolean, operation: OpenApiDoc) {
  const scope: string | undefined = operation['x-required-scope'];
  const role: string | undefined = operation['x-required-role'];
  const { status, title } = ERROR_CODES[code];
  const base = {
    type: 'about:blank',
    title,
    status,
    code,
    requestId: 'req_4394779a8d25437eba12d8ff90669cfb',
  };
  switch (code) {
    case 'forbidden': {
      // An operator API route needs a role (src/features/admin/route-roles.ts), not a scope.
      if (scope === undefined && role !== undefined) return { ...base, detail: forbiddenByRole(role) };
      const held = scope?.endsWith(':write') ? scope.replace(/:write$/, ':read') : 'assets:read';
      return { ...base, detail: `This operation needs the scope ${scope}; the API key has: ${held}` };
    }
    case 'validation_failed':
      if (!hasBody)
        return {
          ...base,
          detail: 'Invalid request query: limit must be >= 1',
          errors: [{ parameter: 'limit', code: 'out_of_range', detail: 'limit must be >= 1' }],
        };
      return {
        ...base,
        detail:
          'Invalid request body: name must be at least 1 character long; email must be an email address such as ada@acme.com',
        errors: [
          { pointer: '/name', code: 'too_short', detail: 'name must be at least 1 character long' },
          {
            pointer: '/email',
            code: 'invalid_format',
            detail: 'email must be an email address such as ada@acme.com',
          },
        ],
      };
    case 'invalid_cursor':
      return {
        ...base,
        detail: 'The cursor was not returned by this list',
        errors: [
          { parameter: 'cursor', code: 'invalid_cursor', detail: 'The cursor was not returned by this list' },
        ],
      };
    case 'idempotency_key_reused':
      return {
        ...base,
        detail: 'idempotencyKey was already used with a different request',
        errors: [
          {
            pointer: '/idempotencyKey',
            code: 'idempotency_key_reused',
            detail: 'idempotencyKey was already used with a different request',
          },
        ],
      };
    default:
      return { ...base, detail: ERROR_CODES[code].when.replace(/`/g, '') };
  }
}
