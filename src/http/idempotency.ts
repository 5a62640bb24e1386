import type { FastifyReply } from 'fastify';

/** Marks a response as the replay of an earlier one (same status and body as the first time). */
export function markReplayed(reply: FastifyReply): void {
  reply.header('Idempotent-Replayed', 'true');
}
