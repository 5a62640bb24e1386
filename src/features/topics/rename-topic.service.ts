import type { Executor } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { setTopicName } from './topics.repository.js';

/** An operator renames a topic (the admin API and `quire topics rename`). */
export async function renameTopic(db: Executor, tenantId: string, topicId: string, name: string) {
  if (name.trim() === '') throw ApiError.invalidField('/name', 'name must have visible text');
  const row = await setTopicName(db, tenantId, topicId, name, Date.now());
  if (row === undefined) throw new ApiError('topic_not_found', `No topic ${topicId} in this tenant`);
  return row;
}
