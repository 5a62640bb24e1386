import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/schema.js';
import type { PublicLinks } from '../../domain/public-links.js';
import { ApiError } from '../../errors.js';
import type { FilesDeps } from '../files/files.service.js';
import { createTenant } from '../tenants/tenants.service.js';
import { anyOperatorExists } from './operators.repository.js';
import { createOperator } from './operators.service.js';
import { passwordProblem } from './passwords.js';

/**
 * The console's first run (Strapi's, Payload's and Directus's convention): while the instance has
 * no operator, whoever holds the setup token creates the first admin, with a tenant of its own and,
 * if asked, the demo in it. The token is derived from the instance's secret (HMAC), so every node
 * and every restart print the same one, and only someone who reads the server's startup output (or
 * holds the secret) has it; it stops working as soon as any operator exists.
 */
export function setupToken(instanceSecret: string): string {
  return createHmac('sha256', instanceSecret)
    .update('quire: first admin setup')
    .digest('base64url')
    .slice(0, 32);
}

export async function setupNeeded(db: Db): Promise<boolean> {
  return !(await anyOperatorExists(db));
}

export interface FirstAdmin {
  setupToken: string;
  tenantName: string;
  email: string;
  password: string;
  loadDemo?: boolean;
}

// One setup at a time in this process: two clicks cannot make two first admins here.
let running: Promise<unknown> = Promise.resolve();

export async function createFirstAdmin(
  db: Db,
  instanceSecret: string,
  input: FirstAdmin,
  origin: { ip: string; requestId: string },
  demo: { links: PublicLinks; files: Omit<FilesDeps, 'db'> },
) {
  const expected = Buffer.from(setupToken(instanceSecret));
  const given = Buffer.from(input.setupToken);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw ApiError.invalidField(
      '/setupToken',
      "The setup token is not this instance's: copy it from the server's startup output",
      'invalid_value',
    );
  }
  const turn = running.then(async () => {
    if (!(await setupNeeded(db))) {
      throw new ApiError(
        'conflict',
        'This instance is set up already: sign in, or ask an admin for an account',
      );
    }
    // Checked before anything is written: a refused password must not leave a tenant behind.
    const problem = passwordProblem(input.password, input.email.trim().toLowerCase());
    if (problem !== null) throw ApiError.invalidField('/password', `The password ${problem}`);
    const tenant = await createTenant(db, input.tenantName);
    const { operator } = await createOperator(
      db,
      { tenantId: tenant.tenantId, email: input.email, role: 'admin', password: input.password },
      { actor: { kind: 'admin_token', id: null, label: 'setup-token' }, origin },
    );
    if (input.loadDemo === true) {
      const { seedDemo } = await import('../../seed/demo.js');
      await seedDemo(db, demo.links, tenant.tenantId, demo.files);
    }
    return { tenant, operator };
  });
  running = turn.catch(() => undefined);
  return turn;
}
