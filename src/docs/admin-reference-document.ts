// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked structurally
type Doc = any;

/**
 * The operator API's document as /docs/admin shows it: the served document plus an introduction
 * (how to authenticate, what roles mean) and, in each operation, the role it needs in words.
 */
export function adminReferenceDocument(served: Doc): Doc {
  const doc = structuredClone(served);
  doc.info.description = `${doc.info.description}\n\n${INTRODUCTION}`;
  for (const item of Object.values(doc.paths ?? {}) as Doc[]) {
    for (const operation of Object.values(item) as Doc[]) {
      const role = operation['x-required-role'];
      if (role === undefined) continue;
      operation.description =
        `${operation.description ?? ''}\n\n${ROLE_WORDS[role] ?? `Role: \`${role}\`.`}`.trim();
    }
  }
  return doc;
}

const ROLE_WORDS: Record<string, string> = {
  public: 'No credentials needed.',
  'signed-in': 'Any console session (not the admin token).',
  instance: 'Instance admins only (the admin token is one).',
  viewer: 'Role: `viewer` or higher, within the operator’s own tenant.',
  editor: 'Role: `editor` or higher, within the operator’s own tenant.',
  publisher: 'Role: `publisher` or higher, within the operator’s own tenant.',
  admin: 'Role: `admin`, within the operator’s own tenant.',
};

const INTRODUCTION = `
# Authentication

Scripts send the instance's admin token: \`Authorization: Bearer $ADMIN_TOKEN\` (an instance admin;
the server accepts it only when \`ADMIN_TOKEN\` is set). The console signs in with
\`POST /admin/v0/session\`, which sets the \`quire_console\` cookie; with the cookie, every write
also sends the session's CSRF token in \`X-CSRF-Token\`.

# Roles

Each operation names the least role it needs: \`viewer\` < \`editor\` < \`publisher\` < \`admin\`,
within the operator's own tenant (another tenant is answered \`404\`, like a missing one);
\`instance\` routes are for instance admins. A role too low is \`403 forbidden\` naming the role.

# Errors and lists

Errors are \`application/problem+json\` with a stable \`code\`, as in the [public API](../docs).
Lists are keyset-paged like \`/v0\`: \`{ items, totalCount, hasMore, nextCursor }\`.
`;
