import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DemoSeed } from '../src/seed/demo.js';

/**
 * One call of every /v0 tool on the demo data of `quire seed demo`, each with the REST request
 * that must answer the same data: the same GET for reads; for writes, the replay of the same
 * idempotent request or a GET of what was created (`pick` names the part of that answer the tool
 * returned). Shared by the Streamable HTTP and stdio tests.
 */
export interface PlannedCall {
  tool: string;
  /** The arguments; a function gets the results of the calls before it, by tool name. */
  args:
    | Record<string, unknown>
    | ((done: ReadonlyMap<string, Record<string, unknown>>) => Record<string, unknown>);
  rest: (result: Record<string, unknown>) => {
    method: 'GET' | 'POST' | 'PATCH';
    url: string;
    body?: unknown;
  };
  // biome-ignore lint/suspicious/noExplicitAny: REST bodies are read freely
  pick?: (body: any) => unknown;
}

/** A version as an audience shows it, without the preview link the version operations do not return. */
// biome-ignore lint/suspicious/noExplicitAny: REST bodies are read freely
function withoutPreview({ previewUrl: _, ...version }: any) {
  return version;
}

function experimentOf(done: ReadonlyMap<string, Record<string, unknown>>): string {
  const list = done.get('list_page_experiments') as { items?: { experimentId: string }[] } | undefined;
  return list?.items?.[0]?.experimentId ?? 'experiment_none';
}

/** A stopped experiment on the demo page (the pages are served as without it), for the experiment tools. */
export const DEMO_EXPERIMENT = {
  name: 'MCP holdout',
  arms: [
    { key: 'holdout', kind: 'generic', weight: 10 },
    { key: 'personalised', kind: 'personalised', weight: 90 },
  ],
  metric: { kind: 'click' },
} as const;

export function toolCallPlan(seed: DemoSeed): PlannedCall[] {
  const page = `/v0/pages/${seed.pageId}`;
  const audience = `${page}/audiences/${seed.audienceId}`;
  const accountLog = `/v0/accounts/${seed.accountId}/logs/${seed.accountLogId}`;
  const personLog = `/v0/persons/${seed.personId}/logs/${seed.personLogId}`;
  const get = (url: string) => () => ({ method: 'GET' as const, url });
  return [
    { tool: 'list_pages', args: { limit: 5 }, rest: get('/v0/pages?limit=5') },
    { tool: 'list_audiences', args: { page_id: seed.pageId }, rest: get(`${page}/audiences`) },
    {
      tool: 'list_form_submissions',
      args: { page_id: seed.pageId, limit: 5 },
      rest: get(`${page}/form-submissions?limit=5`),
    },
    {
      tool: 'create_audience',
      args: { page_id: seed.pageId, customName: 'Created through MCP', routeKey: 'created-through-mcp' },
      rest: (created) => ({ method: 'GET', url: `${page}/audiences/${created.audienceId}` }),
    },
    {
      tool: 'restore_audience_version',
      args: { page_id: seed.pageId, audience_id: seed.audienceId, version_id: seed.firstVersionId },
      rest: get(audience),
      pick: (read) => withoutPreview(read.latestVersion),
    },
    {
      tool: 'publish_audience_version',
      args: (done) => ({
        page_id: seed.pageId,
        audience_id: seed.audienceId,
        version_id: done.get('restore_audience_version')?.versionId ?? seed.firstVersionId,
      }),
      rest: get(audience),
      pick: (read) => withoutPreview(read.publishedVersion),
    },
    { tool: 'list_persons', args: { limit: 2 }, rest: get('/v0/persons?limit=2') },
    { tool: 'get_person', args: { person_id: seed.personId }, rest: get(`/v0/persons/${seed.personId}`) },
    {
      tool: 'create_person',
      args: { name: 'Grace Hopper', domain: 'navy.example.com' },
      rest: (created) => ({ method: 'GET', url: `/v0/persons/${created.personId}` }),
    },
    { tool: 'get_page', args: { page_id: seed.pageId }, rest: get(page) },
    // The MCP tests start an experiment on the demo page (addDemoExperiment) before calling these.
    { tool: 'list_page_experiments', args: { page_id: seed.pageId }, rest: get(`${page}/experiments`) },
    {
      tool: 'get_experiment_results',
      args: (done) => ({ experiment_id: experimentOf(done) }),
      rest: (result) => ({ method: 'GET', url: `/v0/experiments/${result.experimentId}/results` }),
    },
    {
      tool: 'restore_page',
      args: { page_id: seed.archivedPageId },
      rest: get(`/v0/pages/${seed.archivedPageId}`),
    },
    {
      tool: 'get_audience',
      args: { page_id: seed.pageId, audience_id: seed.audienceId },
      rest: get(audience),
    },
    {
      tool: 'get_audience_messages',
      args: { page_id: seed.pageId, audience_id: seed.audienceId },
      rest: get(`${audience}/messages`),
    },
    {
      tool: 'create_audience_version',
      args: { page_id: seed.pageId, audience_id: seed.audienceId, operationKey: 'mcp-version-1' },
      rest: () => ({ method: 'POST', url: `${audience}/versions`, body: { operationKey: 'mcp-version-1' } }),
    },
    {
      tool: 'send_audience_message',
      args: {
        page_id: seed.pageId,
        audience_id: seed.audienceId,
        message: 'Shorter title',
        clientMessageId: 'mcp-1',
      },
      rest: () => ({
        method: 'POST',
        url: `${audience}/messages`,
        body: { message: 'Shorter title', clientMessageId: 'mcp-1' },
      }),
    },
    {
      tool: 'create_asset',
      args: {
        assetType: 'image',
        name: 'Skyline',
        purpose: 'hero',
        fileId: 'file_sky',
        idempotencyKey: 'mcp-asset',
      },
      rest: () => ({
        method: 'POST',
        url: '/v0/assets',
        body: {
          assetType: 'image',
          name: 'Skyline',
          purpose: 'hero',
          fileId: 'file_sky',
          idempotencyKey: 'mcp-asset',
        },
      }),
    },
    {
      tool: 'search_assets',
      args: { query: 'sky', limit: 5 },
      rest: get('/v0/assets/search?query=sky&limit=5'),
    },
    { tool: 'get_asset', args: { asset_id: seed.assetId }, rest: get(`/v0/assets/${seed.assetId}`) },
    {
      tool: 'list_topic_entries',
      args: { topic_id: seed.topicId },
      rest: get(`/v0/topics/${seed.topicId}/entries`),
    },
    {
      tool: 'create_account_log',
      args: {
        accountId: seed.accountId,
        source: 'mcp',
        payload: { note: 'via MCP' },
        idempotencyKey: 'mcp-log',
      },
      rest: () => ({
        method: 'POST',
        url: '/v0/account_logs',
        body: {
          accountId: seed.accountId,
          source: 'mcp',
          payload: { note: 'via MCP' },
          idempotencyKey: 'mcp-log',
        },
      }),
    },
    {
      tool: 'get_account_log',
      args: { account_id: seed.accountId, account_log_id: seed.accountLogId },
      rest: get(accountLog),
    },
    {
      tool: 'update_account_log',
      args: { account_id: seed.accountId, account_log_id: seed.accountLogId, text: 'Edited through MCP' },
      rest: () => ({ method: 'PATCH', url: accountLog, body: { text: 'Edited through MCP' } }),
    },
    {
      tool: 'list_account_activity',
      args: { account_id: seed.accountId, includePersonActivity: 'true' },
      rest: get(`/v0/accounts/${seed.accountId}/activity?includePersonActivity=true`),
    },
    { tool: 'list_accounts', args: {}, rest: get('/v0/accounts') },
    {
      tool: 'update_person_log',
      args: { person_id: seed.personId, person_log_id: seed.personLogId, text: 'Edited through MCP' },
      rest: () => ({ method: 'PATCH', url: personLog, body: { text: 'Edited through MCP' } }),
    },
  ];
}

/** The ids of the seeded records: another tenant's tool results must contain none of them. */
export function seededIds(seed: DemoSeed): string[] {
  return Object.entries(seed)
    .filter(([member]) => member !== 'apiKey')
    .map(([, value]) => value);
}

function argsOf(step: PlannedCall, done: ReadonlyMap<string, Record<string, unknown>>) {
  return typeof step.args === 'function' ? step.args(done) : step.args;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** Runs the plan through `client` and checks every answer against `rest`. Returns the tools called. */
export async function checkEveryTool(
  client: Client,
  seed: DemoSeed,
  rest: (request: ReturnType<PlannedCall['rest']>) => Promise<{ status: number; body: unknown }>,
): Promise<string[]> {
  const called: string[] = [];
  const done = new Map<string, Record<string, unknown>>();
  for (const step of toolCallPlan(seed)) {
    const result = await callTool(client, step.tool, argsOf(step, done));
    assert.ok(!result.isError, `${step.tool}: ${JSON.stringify(result.content)}`);
    const structured = result.structuredContent as Record<string, unknown>;
    assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), structured, step.tool);
    const answer = await rest(step.rest(structured));
    assert.ok(answer.status < 300, `${step.tool}: REST answered ${answer.status}`);
    const expected = step.pick === undefined ? answer.body : step.pick(answer.body);
    assert.deepEqual(structured, expected, `${step.tool} returns what the REST call returns`);
    done.set(step.tool, structured);
    called.push(step.tool);
  }
  return called;
}

/** With another tenant's key, a tool either fails or returns nothing of the seeded tenant. */
export async function checkOtherTenant(client: Client, seed: DemoSeed): Promise<void> {
  const ids = seededIds(seed);
  for (const step of toolCallPlan(seed)) {
    const result = await callTool(client, step.tool, argsOf(step, new Map()));
    const text = JSON.stringify(result.structuredContent ?? {});
    if (result.isError) {
      assert.match((result.content[0] as { text: string }).text, /^404 /, `${step.tool} is a 404`);
      continue;
    }
    for (const id of ids) assert.ok(!text.includes(id), `${step.tool} leaked ${id}: ${text}`);
  }
}
