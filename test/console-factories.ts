import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '../src/db/schema.js';
import { CLI_ACTOR, CLI_ORIGIN } from '../src/features/audit/actor.js';
import { createOperator } from '../src/features/operators/operators.service.js';
import type { TestContext, TestResponse } from './harness.js';

export const PASSWORD = 'correct horse battery staple';

/** A signed-in console operator: its cookie and CSRF token, and a request helper that sends both. */
export interface Console {
  operatorId: string;
  email: string;
  cookie: string;
  csrfToken: string;
  /** Sends the cookie and (unless told otherwise) the CSRF token. */
  request(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
}

export async function makeOperator(
  ctx: TestContext,
  tenantId: string | null,
  role: OperatorRole,
  options: { password?: string | null } = {},
) {
  const email = `op-${randomBytes(5).toString('hex')}@example.com`;
  const password = options.password === null ? undefined : (options.password ?? PASSWORD);
  const created = await createOperator(
    ctx.database.db,
    {
      tenantId,
      email,
      role,
      instanceAdmin: tenantId === null,
      ...(password === undefined ? {} : { password }),
    },
    { actor: CLI_ACTOR, origin: CLI_ORIGIN },
  );
  return { ...created.operator, password: password ?? (created.oneTimePassword as string) };
}

/** The session cookie a response sets (name=value), or null. */
export function sessionCookieOf(response: TestResponse): string | null {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((l) => l.startsWith('quire_console='));
  return line === undefined ? null : (line.split(';')[0] as string);
}

export async function signIn(
  ctx: TestContext,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Console> {
  const response = await ctx.request({
    method: 'POST',
    url: '/admin/v0/session',
    body: { email, password },
    headers,
  });
  assert.equal(response.status, 200, response.raw);
  const cookie = sessionCookieOf(response);
  assert.ok(cookie, 'the sign-in sets the session cookie');
  const csrfToken = response.body.csrfToken as string;
  return {
    operatorId: response.body.operator.operatorId,
    email,
    cookie,
    csrfToken,
    request: (method, url, body, extra = {}) =>
      ctx.request({
        method: method as 'GET',
        url,
        body,
        headers: { cookie, 'x-csrf-token': csrfToken, ...extra },
      }),
  };
}

export async function signInAs(
  ctx: TestContext,
  tenantId: string | null,
  role: OperatorRole,
): Promise<Console> {
  const operator = await makeOperator(ctx, tenantId, role);
  return signIn(ctx, operator.email, operator.password);
}
