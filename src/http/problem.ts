import { Type } from 'typebox';
import { ERROR_CODES } from '../errors.js';

/** The problem+json body (RFC 9457) every error response carries. */
export const Problem = Type.Object(
  {
    type: Type.String({ description: 'A URI naming the problem type; `about:blank` or a Quire docs link.' }),
    title: Type.String(),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.String(),
    code: Type.String({ enum: Object.keys(ERROR_CODES), description: 'Stable machine-readable error code.' }),
    requestId: Type.String(),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          pointer: Type.Optional(Type.String({ description: 'JSON Pointer to the body member at fault.' })),
          parameter: Type.Optional(Type.String({ description: 'The query or path parameter at fault.' })),
          header: Type.Optional(Type.String({ description: 'The header at fault.' })),
          detail: Type.String(),
          code: Type.String(),
        }),
      ),
    ),
  },
  { $id: 'Problem', title: 'Problem' },
);

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The error responses a `/v0` operation can give, for its route schema (and so the OpenAPI document). */
export function problemResponses(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const status of [400, 401, 413, 415, 429, 500, 503, ...statuses]) {
    out[status] = {
      description: describe(status),
      content: { [PROBLEM_CONTENT_TYPE]: { schema: Type.Ref('Problem') } },
    };
  }
  return out;
}

function describe(status: number): string {
  const codes = Object.entries(ERROR_CODES)
    .filter(([, v]) => v.status === status)
    .map(([k]) => `\`${k}\``);
  return `Problem (${codes.join(', ')})`;
}
