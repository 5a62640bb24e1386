/**
 * Chooses the page agent from configuration: the built-in deterministic agent (AGENT=builtin, the
 * default) or the OpenAI-compatible chat-completions agent (AGENT=openai).
 */
import type { AgentOptions } from './agent-options.js';
import { BuiltinAgent } from './builtin-agent.js';
import { OpenAIAgent, openAIRunBudgetMs } from './openai-agent.js';
import type { PageAgent } from './page-agent.js';

export function createAgent(config: AgentOptions): PageAgent {
  switch (config.kind) {
    case 'builtin':
      return new BuiltinAgent();
    case 'openai':
      return new OpenAIAgent(config);
  }
}

/**
 * How long one `run` of the configured agent may take at most, retries included: what the version
 * worker should allow before it aborts a run. The built-in agent answers at once; AGENT_TIMEOUT_MS
 * bounds it anyway.
 */
export function agentRunBudgetMs(config: AgentOptions): number {
  return config.kind === 'openai' ? openAIRunBudgetMs(config) : config.timeoutMs;
}
