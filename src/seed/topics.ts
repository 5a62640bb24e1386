import type { Db } from '../db/schema.js';
import { addEntry, createTopic } from '../features/topics/topics.service.js';

/** Entries are added out of sortOrder order on purpose: the listing must still be in order. */
const DEMO_ENTRIES = [
  { sortOrder: 30, content: { type: 'url', content: 'https://example.com/security' } },
  { sortOrder: 10, content: { type: 'text', content: 'We integrate with your CRM in under an hour.' } },
  { sortOrder: 20, content: { type: 'markdown', content: '**Pricing** starts at $49 per seat per month.' } },
  { sortOrder: 40, content: { type: 'text', content: 'Cancel anytime; no long-term contract.' } },
] as const;

export async function seedTopics(db: Db, tenantId: string): Promise<{ topicId: string }> {
  const topic = await createTopic(db, tenantId, 'Sales talking points');
  for (const entry of DEMO_ENTRIES) {
    await addEntry(db, tenantId, topic.id, { sortOrder: entry.sortOrder, content: { ...entry.content } });
  }
  return { topicId: topic.id };
}
