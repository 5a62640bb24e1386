// A first integration with the typed client: create a person, log account activity, send a
// message to an audience and wait for the page agent's reply, then page through a list.
//
//   QUIRE_URL=http://127.0.0.1:3000 QUIRE_API_KEY=quire_... QUIRE_PAGE_ID=page_... \
//   QUIRE_AUDIENCE_ID=audience_... node --import tsx examples/quickstart.ts
//
// (`npx quire seed demo --json` prints a key and a page and audience to use.)
import { allPages, createQuireClient } from '@quire/client';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
};

const quire = createQuireClient({ baseUrl: env('QUIRE_URL'), apiKey: env('QUIRE_API_KEY') });
const pageId = env('QUIRE_PAGE_ID');
const audienceId = env('QUIRE_AUDIENCE_ID');

// 1. A person. Their domain links them to the account of that company.
const person = await quire.POST('/v0/persons', {
  body: { name: 'Katherine Johnson', email: 'katherine@orbital.example.com', domain: 'orbital.example.com' },
});
if (!person.data) throw new Error(`create person: ${JSON.stringify(person.error)}`);
console.log(`person ${person.data.personId} (${person.data.slug})`);

// 2. Activity on their account, safe to retry thanks to the idempotency key.
const log = await quire.POST('/v0/account_logs', {
  body: {
    domain: 'orbital.example.com',
    name: 'Orbital Mechanics Inc.',
    source: 'website',
    type: 'pricing-page-viewed',
    payload: { url: 'https://orbital.example.com/pricing', seconds: 95 },
    idempotencyKey: `quickstart-${person.data.personId}`,
  },
});
if (!log.data) throw new Error(`create log: ${JSON.stringify(log.error)}`);
console.log(`account log ${log.data.accountLogId} on ${log.data.accountId}`);

// 3. Ask the page agent for a change and wait for its reply.
const path = { page_id: pageId, audience_id: audienceId };
const sent = await quire.POST('/v0/pages/{page_id}/audiences/{audience_id}/messages', {
  params: { path },
  body: { message: 'Set the title to "Launch faster with Orbital"' },
});
if (!sent.data) throw new Error(`send message: ${JSON.stringify(sent.error)}`);
console.log(`message accepted; version ${sent.data.versionId} queued`);

// The reply is the agent's message about the version this request queued: match on versionId,
// never on the text, which an earlier run (or another client) may have sent word for word.
const versionId = sent.data.versionId;
const deadline = Date.now() + 60_000;
let reply: { content: string; versionId: string | null } | undefined;
while (reply === undefined && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const conversation = await quire.GET('/v0/pages/{page_id}/audiences/{audience_id}/messages', {
    params: { path },
  });
  if (!conversation.data) throw new Error(`read messages: ${JSON.stringify(conversation.error)}`);
  reply = conversation.data.messages.find((m) => m.role === 'agent' && m.versionId === versionId);
}
if (reply === undefined) throw new Error('the agent did not reply within 60 s (is a worker running?)');
console.log(`agent replied to ${reply.versionId}: ${reply.content}`);

// 4. Every person, following the cursors.
let count = 0;
for await (const _ of allPages(async (cursor) => {
  const page = await quire.GET('/v0/persons', {
    params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } },
  });
  return page.data;
})) {
  count++;
}
console.log(`paged through ${count} persons`);
