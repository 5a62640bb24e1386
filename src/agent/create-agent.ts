/**
 * Chooses the page agent from configuration: the built-in deterministic agent (AGENT=builtin, the
 * default) or the OpenAI-compatible chat-completions agent (AGENT=openai).
 */
import type { AgentOptions } from './agent-options.js';
import { BuiltinAgent } from './builtin-agent.js';
import { OpenAIAgent } from './openai-agent.js';
import type { PageAgent } from './page-agent.js';

export function createAgent(config: AgentOptions): PageAgent {
  switch (config.kind) {
    case 'builtin':
      return new BuiltinAgent();
    case 'openai':
      return new OpenAIAgent(config);
  }
}
