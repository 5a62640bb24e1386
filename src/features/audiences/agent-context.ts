import type { AgentActivity, AgentInput } from '../../agent/page-agent.js';
import type { AudienceVersionsTable, Db } from '../../db/schema.js';
import {
  type AudienceContent,
  defaultContent,
  diffContent,
  pageHero,
} from '../../domain/audience-content.js';
import { toIso } from '../../time.js';
import { parseTraits } from '../accounts/traits.js';
import { activityRows } from '../activity/account-activity.js';
import { QUIRE_SOURCE } from '../hosted/engagement.service.js';
import { findPage } from '../pages/pages.repository.js';
import { contentPageOf } from '../pages/pages.schemas.js';
import { entriesOfTenant } from '../topics/topics.repository.js';
import { findAudienceById, findConversation } from './audiences.repository.js';
import { contentAudienceOf } from './audiences.schemas.js';
import { computedNameOf } from './audiences.service.js';
import { currentContent } from './conversation.service.js';
import { listMessages } from './messages.repository.js';
import { latestTwoContents } from './versions.repository.js';

/** How much of the conversation the agent sees (the newest messages, in order). */
const CONVERSATION_WINDOW = 40;
/** Recent activity of the audience's account (its logs and its persons' logs), newest first. */
const ACTIVITY_WINDOW = 30;
/** The tenant's topic entries (what the brand wants said), topic by topic. */
const TOPIC_ENTRIES_WINDOW = 50;

/**
 * Loads everything the page agent needs for a version: the page, the audience and its person, the
 * person's account and its recent activity (account logs and linked persons' logs, deleted ones
 * left out), the tenant's topic entries, the content the version starts from, the conversation so
 * far and the message it answers.
 */
export async function loadAgentInput(db: Db, version: AudienceVersionsTable): Promise<AgentInput> {
  const tenantId = version.tenant_id;
  const audience = await findAudienceById(db, tenantId, version.audience_id);
  if (audience === undefined) throw new Error(`audience ${version.audience_id} is gone`);
  const [page, topicEntries, messages, contents] = await Promise.all([
    findPage(db, tenantId, audience.page_id),
    entriesOfTenant(db, tenantId, TOPIC_ENTRIES_WINDOW),
    conversationMessages(db, tenantId, audience.id),
    latestTwoContents(db, tenantId, audience.id),
  ]);
  if (page === undefined) throw new Error(`page ${audience.page_id} is gone`);
  const [{ computedName, person, account }, current] = await Promise.all([
    computedNameOf(db, audience, page),
    currentContent(db, audience, page),
  ]);
  const activity =
    account === undefined
      ? []
      : await activityRows(db, tenantId, account.id, {
          includeDeleted: false,
          includePersonActivity: true,
          after: null,
          fetch: ACTIVITY_WINDOW,
        });
  const contentPage = contentPageOf(page);
  const original = defaultContent(contentPage, contentAudienceOf(audience));
  // What "undo that" / "go back to the previous version" reverses: the latest version's changes from
  // the version before it (from the original for the first version), whatever made them (the agent,
  // a restore, an earlier undo). previousValue is what the field goes back to.
  const previous = contents[1] === undefined ? original : (JSON.parse(contents[1]) as AudienceContent);
  const lastChanges = contents[0] === undefined ? [] : diffContent(contentPage, previous, current);
  const requestIndex = messages.findIndex((m) => m.id === version.request_message_id);
  const request = requestIndex === -1 ? undefined : messages[requestIndex];
  const before = requestIndex === -1 ? messages : messages.slice(0, requestIndex);
  return {
    page: {
      pageId: page.id,
      name: page.name,
      title: page.title,
      pageContext: page.page_context,
      pageType: page.page_type,
      actions: contentPage.actions.map(({ actionId, purpose, buttonTitle, actionType, url }) => ({
        actionId,
        purpose,
        buttonTitle,
        actionType,
        url,
      })),
      headerActionId: page.header_action_id,
      ...pageHero({ title: page.title, body: contentPage.body }),
      blocks: contentPage.blocks,
    },
    traits: { person: parseTraits(person?.traits), account: parseTraits(account?.traits) },
    audience: { audienceId: audience.id, effectiveName: audience.custom_name ?? computedName },
    person: person === undefined ? null : { name: person.name, email: person.email, domain: person.domain },
    account: account === undefined ? null : { name: account.name, domain: account.domain },
    recentActivity: activity.map(
      (log): AgentActivity => ({
        source: log.source,
        type: log.type,
        payload: JSON.parse(log.payload) as Record<string, unknown>,
        createdAt: toIso(log.created_at),
        personName: log.person_name,
        ...(isVisitorMade(log) ? { visitorMade: true } : {}),
      }),
    ),
    topicEntries: topicEntries.map((entry) => ({ type: entry.content_type, content: entry.content })),
    current,
    // What "go back to the original headline" restores: the page with the audience's own overrides.
    original,
    lastChanges,
    conversation: before.slice(-CONVERSATION_WINDOW).map((m) => ({ role: m.role, content: m.content })),
    request:
      request === undefined
        ? null
        : {
            message: request.content,
            selectedElement: request.selected_element === null ? null : JSON.parse(request.selected_element),
          },
  };
}

async function conversationMessages(db: Db, tenantId: string, audienceId: string) {
  const conversation = await findConversation(db, tenantId, audienceId);
  return conversation === undefined ? [] : listMessages(db, tenantId, conversation.id);
}

/** Views and clicks of a hosted page: Quire records them for whoever opens the link. */
function isVisitorMade(log: { source: string; type: string }): boolean {
  return log.source === QUIRE_SOURCE && (log.type === 'page-viewed' || log.type === 'cta-clicked');
}
