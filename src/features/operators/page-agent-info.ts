import type { Config } from '../../config.js';

/**
 * Which page agent this instance's workers run, for the console (GET /admin/v0/me): the
 * configuration of this process, which its workers share.
 */
export function pageAgentOf(config: Pick<Config, 'agent'>): {
  kind: 'builtin' | 'openai';
  model: string | null;
} {
  const { kind, openaiModel } = config.agent;
  return { kind, model: kind === 'openai' ? openaiModel : null };
}
