import type { AudienceVersionsTable, Executor } from '../db/schema.js';
import { findAudienceById, findConversation } from '../features/audiences/audiences.repository.js';
import { computedNameOf } from '../features/audiences/audiences.service.js';
import { currentContent } from '../features/audiences/conversation.service.js';
import { listMessages } from '../features/audiences/messages.repository.js';
import { findPage } from '../features/pages/pages.repository.js';
import { pageActions } from '../features/pages/pages.schemas.js';
import type { AgentInput } from './page-agent.js';

/** How much of the conversation the agent sees (the newest messages, in order). */
const CONVERSATION_WINDOW = 40;

/**
 * Loads everything the page agent needs for a version: the page, the audience and its person,
 * the content the version starts from, the conversation so far and the message it answers.
 */
export async function loadAgentInput(db: Executor, version: AudienceVersionsTable): Promise<AgentInput> {
  const tenantId = version.tenant_id;
  const audience = await findAudienceById(db, tenantId, version.audience_id);
  if (audience === undefined) throw new Error(`audience ${version.audience_id} is gone`);
  const page = await findPage(db, tenantId, audience.page_id);
  if (page === undefined) throw new Error(`page ${audience.page_id} is gone`);
  const { computedName, person } = await computedNameOf(db, audience, page);
  const conversation = await findConversation(db, tenantId, audience.id);
  const messages = conversation === undefined ? [] : await listMessages(db, tenantId, conversation.id);
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
      actions: pageActions(page).map(({ actionId, purpose, buttonTitle, actionType, url }) => ({
        actionId,
        purpose,
        buttonTitle,
        actionType,
        url,
      })),
    },
    audience: { audienceId: audience.id, effectiveName: audience.custom_name ?? computedName },
    person: person === undefined ? null : { name: person.name, email: person.email, domain: person.domain },
    account: null,
    recentActivity: [],
    topicEntries: [],
    current: await currentContent(db, audience, page),
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
