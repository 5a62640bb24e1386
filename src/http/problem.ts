import { Type } from 'typebox';
import { ERROR_CODES, type ErrorCode, FIELD_ERROR_CODES } from '../errors.js';

/** The problem+json body (RFC 9457) every error response carries. */
export const Problem = Type.Object(
  {
    type: Type.String({ description: 'A URI naming the problem type; `about:blank` or a Quire docs link.' }),
    title: Type.String({ description: 'A short summary of the code, the same for every problem of it.' }),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.String({ description: 'What went wrong with this request, in words.' }),
    code: Type.String({ enum: Object.keys(ERROR_CODES), description: 'Stable machine-readable error code.' }),
    requestId: Type.String({
      description: 'The `Request-Id` of the request; quote it when asking for help.',
    }),
    errors: Type.Optional(
      Type.Array(Type.Ref('FieldProblem'), {
        description:
          'With `validation_failed` and a few others: every problem of the request, one per field.',
      }),
    ),
  },
  { $id: 'Problem', title: 'Problem' },
);

/** One problem with one member or parameter of a request, inside `Problem.errors`. */
export const FieldProblem = Type.Object(
  {
    pointer: Type.Optional(Type.String({ description: 'JSON Pointer to the body member at fault.' })),
    parameter: Type.Optional(Type.String({ description: 'The query or path parameter at fault.' })),
    header: Type.Optional(Type.String({ description: 'The header at fault.' })),
    detail: Type.String(),
    code: Type.String({ enum: Object.keys(FIELD_ERROR_CODES) }),
  },
  { $id: 'FieldProblem', title: 'FieldProblem' },
);

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** What any `/v0` operation can answer, whatever it does. */
const EVERY_OPERATION: ErrorCode[] = ['unauthenticated', 'rate_limited', 'internal', 'service_unavailable'];
/** What an operation with a request body can answer besides (src/http/openapi.ts adds these). */
export const WITH_A_BODY: ErrorCode[] = [
  'validation_failed',
  'malformed_json',
  'bad_request',
  'payload_too_large',
  'unsupported_media_type',
];
/** What an operation whose path or query is validated can answer (all /v0 operations). */
export const WITH_PARAMETERS: ErrorCode[] = ['validation_failed'];

/**
 * The error responses of a `/v0` operation, for its route schema and so the OpenAPI document:
 * the codes only this operation can return (`not_found`, `conflict`, `invalid_cursor`...), plus
 * those of every operation. Those that follow from its body and parameters are added to the
 * document by src/http/openapi.ts, which reads its request.
 */
export function problemResponses(...codes: ErrorCode[]): Record<number, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, ...EVERY_OPERATION]) {
    const status = ERROR_CODES[code].status;
    const list = byStatus.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    byStatus.set(status, list);
  }
  const out: Record<number, unknown> = {};
  for (const [status, list] of byStatus) out[status] = problemResponse(list);
  return out;
}

export function problemResponse(codes: ErrorCode[]) {
  return {
    description: describeCodes(codes),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: Type.Ref('Problem') } },
  };
}

/** "Problem: `not_found` (Not found)": the form src/http/openapi.ts reads the codes back from. */
export function describeCodes(codes: ErrorCode[]): string {
  return `Problem: ${codes.map((c) => `\`${c}\` (${ERROR_CODES[c].title})`).join(', ')}`;
}

export function codesOf(description: string): ErrorCode[] {
  return [...description.matchAll(/`([a-z_]+)`/g)]
    .map((m) => m[1] as ErrorCode)
    .filter((c) => c in ERROR_CODES);
}
