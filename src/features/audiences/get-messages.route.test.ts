import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from '../../../test/pages-factories.js';
import { newId } from '../../ids.js';
import { LONG_CONVERSATION, LONG_CONVERSATION_READS } from './conversation.service.js';
import { publishVersion } from './versions.service.js';

describeEachDatabase('GET /v0/pages/{page_id}/audiences/{audience_id}/messages', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const { pageId, audienceId } = await makeAudience(ctx, owner);
      return { method: 'GET', url: `/v0/pages/${pageId}/audiences/${audienceId}/messages` };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('starts empty with the page context and the defaults; null sources read as ""', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant, { metadata: undefined, pageContext: undefined });
    const { audienceId } = await makeAudience(ctx, tenant, page.id);
    const response = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${page.id}/audiences/${audienceId}/messages`,
      key: tenant.key,
    });
    assert.equal(response.status, 200, response.raw);
    assert.deepEqual(response.body.messages, []);
    assert.deepEqual(response.body.pendingChanges, []);
    assert.equal(response.body.conversation.audienceId, audienceId);
    // The interface types it as a plain string, so a generated client rejects null.
    assert.equal(response.body.conversation.publishedMessageId, '');
    assert.deepEqual(response.body.context, {
      audienceId,
      pageId: page.id,
      currentSupplementaryContext: '',
      currentMetaTitle: page.title,
      currentMetaDescription: '',
      currentMetaKeywords: '',
      pageContext: '',
    });
  });

  it('shows replies with changes, pending changes, and publishedMessageId after publishing', async () => {
    const tenant = await makeTenant(ctx);
    const {
      pageId,
      audienceId,
      versionId: first,
    } = await makeAudience(ctx, tenant, undefined, { customName: 'CFOs' });
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    const worker = makeWorker(ctx, tenant, new FakeAgent());
    await drain(worker);
    let read = await ctx.request({ method: 'GET', url, key: tenant.key });
    const [reply1] = read.body.messages;
    assert.equal(reply1.role, 'agent');
    assert.equal(reply1.hasSnapshot, true);
    assert.equal(reply1.isInterrupted, false);
    assert.equal(reply1.reasoning, 'fake reasoning');
    assert.deepEqual(
      reply1.changes.map((c: { field: string; newValue: string }) => [c.field, c.newValue]),
      [['metaTitle', 'Loomwork: close your books in two days for CFOs']],
    );
    assert.deepEqual(read.body.pendingChanges, reply1.changes);
    assert.equal(read.body.context.currentMetaTitle, 'Loomwork: close your books in two days for CFOs');
    assert.equal(
      read.body.context.currentMetaKeywords,
      'month-end close, reconciliation, finance automation',
    );

    await publishVersion(ctx.database.db, tenant.tenantId, first);
    const sent = await ctx.request({
      method: 'POST',
      url,
      key: tenant.key,
      body: { message: 'title: Two-day close for CFOs' },
    });
    read = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(read.body.conversation.publishedMessageId, reply1.messageId);
    assert.deepEqual(read.body.pendingChanges, [], 'nothing newer than the published version yet');
    assert.equal(read.body.messages.at(-1).content, 'title: Two-day close for CFOs', 'stored at once');

    await drain(worker);
    read = await ctx.request({ method: 'GET', url, key: tenant.key });
    const reply2 = read.body.messages.at(-1);
    assert.equal(reply2.role, 'agent');
    assert.equal(reply2.versionId, sent.body.versionId);
    assert.deepEqual(read.body.pendingChanges, reply2.changes);
    assert.equal(reply2.changes[0].previousValue, 'Loomwork: close your books in two days for CFOs');
    assert.equal(reply2.changes[0].newValue, 'Two-day close for CFOs');
    const timestamps = read.body.messages.map((m: { timestamp: number }) => m.timestamp);
    assert.deepEqual(
      timestamps,
      [...timestamps].sort((a, b) => a - b),
      'oldest first',
    );

    await publishVersion(ctx.database.db, tenant.tenantId, sent.body.versionId);
    read = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(read.body.conversation.publishedMessageId, reply2.messageId);
    assert.deepEqual(read.body.pendingChanges, []);
  });
});

describeEachDatabase('GET .../messages with a window (limit, cursor)', (ctx) => {
  it('returns the newest messages oldest first, and older windows through the cursor', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    for (let i = 0; i < 5; i++) {
      const sent = await ctx.request({
        method: 'POST',
        url,
        key: tenant.key,
        body: { message: `Message ${i}` },
      });
      assert.equal(sent.status, 202, sent.raw);
    }
    const full = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(full.body.messages.length, 5);
    assert.equal('messagesWindow' in full.body, false, 'without limit or cursor: the interface as it was');

    const seen: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`;
      const window = await ctx.request({ method: 'GET', url: url + query, key: tenant.key });
      assert.equal(window.status, 200, window.raw);
      const texts = window.body.messages.map((m: { content: string }) => m.content);
      seen.unshift(texts);
      assert.equal(window.body.messagesWindow.hasMore, window.body.messagesWindow.nextCursor !== null);
      assert.deepEqual(window.body.context, full.body.context);
      cursor = window.body.messagesWindow.nextCursor;
    } while (cursor !== null);
    assert.deepEqual(seen, [['Message 0'], ['Message 1', 'Message 2'], ['Message 3', 'Message 4']]);
    assert.deepEqual(
      seen.flat(),
      full.body.messages.map((m: { content: string }) => m.content),
    );
  });

  it('reads a long conversation whole (through the gate of long reads), several at once', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const conversation = await ctx.database.db
      .selectFrom('conversations')
      .select('id')
      .where('tenant_id', '=', tenant.tenantId)
      .where('audience_id', '=', audienceId)
      .executeTakeFirstOrThrow();
    const count = LONG_CONVERSATION + 1;
    await ctx.database.db
      .insertInto('messages')
      .values(
        Array.from({ length: count }, (_, i) => ({
          tenant_id: tenant.tenantId,
          id: newId('message'),
          conversation_id: conversation.id,
          role: 'user' as const,
          content: `Long ${i}`,
          timestamp: 1_700_000_000_000 + i,
          has_snapshot: 0,
          reasoning: '',
          is_interrupted: 0,
          client_message_id: `long-${i}`,
          fingerprint: null,
          selected_element: null,
          version_id: null,
        })),
      )
      .execute();
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    const reads = await Promise.all(
      Array.from({ length: 2 * LONG_CONVERSATION_READS + 1 }, () =>
        ctx.request({ method: 'GET', url, key: tenant.key }),
      ),
    );
    for (const read of reads) {
      assert.equal(read.status, 200);
      assert.equal(read.body.messages.length, count);
      assert.equal(read.body.messages.at(-1).content, `Long ${count - 1}`);
    }
  });

  it('refuses a bad limit or cursor with a 400 naming it', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    const zero = await ctx.request({ method: 'GET', url: `${url}?limit=0`, key: tenant.key });
    assert.equal(zero.status, 400);
    assert.equal(zero.body.errors[0].parameter, 'limit');
    const garbled = await ctx.request({ method: 'GET', url: `${url}?cursor=nonsense`, key: tenant.key });
    assert.equal(garbled.status, 400);
    assert.equal(garbled.body.code, 'invalid_cursor');
  });

  it('with `after`, answers only the messages after that one; without it, every message as before', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    const worker = makeWorker(ctx, tenant, new FakeAgent());
    for (const text of ['title: One', 'title: Two']) {
      await ctx.request({ method: 'POST', url, key: tenant.key, body: { message: text } });
      await drain(worker);
    }
    const whole = (await ctx.request({ method: 'GET', url, key: tenant.key })).body;
    const ids = whole.messages.map((m: { messageId: string }) => m.messageId);
    assert.ok(ids.length >= 4, 'two user messages and their replies');
    const newer = await ctx.request({ method: 'GET', url: `${url}?after=${ids[1]}`, key: tenant.key });
    assert.equal(newer.status, 200, newer.raw);
    assert.deepEqual(
      newer.body.messages.map((m: { messageId: string }) => m.messageId),
      ids.slice(2),
    );
    assert.deepEqual(newer.body.pendingChanges, whole.pendingChanges);
    assert.deepEqual(newer.body.context, whole.context);
    assert.equal(newer.body.messagesWindow, undefined, 'the shape of the whole conversation');
    const last = await ctx.request({ method: 'GET', url: `${url}?after=${ids.at(-1)}`, key: tenant.key });
    assert.deepEqual(last.body.messages, []);

    const other = await makeAudience(ctx, tenant);
    await ctx.request({
      method: 'POST',
      url: `/v0/pages/${other.pageId}/audiences/${other.audienceId}/messages`,
      key: tenant.key,
      body: { message: 'elsewhere' },
    });
    const otherMessages = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${other.pageId}/audiences/${other.audienceId}/messages`,
      key: tenant.key,
    });
    for (const query of [
      `after=${otherMessages.body.messages[0].messageId}`,
      `after=${newId('message')}`,
      `after=${ids[0]}&limit=5`,
    ]) {
      const refused = await ctx.request({ method: 'GET', url: `${url}?${query}`, key: tenant.key });
      assert.equal(refused.status, 400, `${query}: ${refused.raw}`);
      assert.equal(refused.body.errors[0].parameter, 'after', query);
    }
  });
});
