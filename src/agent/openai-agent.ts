/** The OpenAI-compatible chat-completions agent (AGENT=openai). */
import type { AgentConfig } from '../config.js';
import type { AgentInput, AgentResult, PageAgent } from './page-agent.js';

/** Raised after the last failed attempt; the worker cancels the version. */
export class AgentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AgentError';
  }
}

export class OpenAIAgent implements PageAgent {
  readonly name = 'openai';

  constructor(readonly config: AgentConfig) {}

  async run(_input: AgentInput, signal: AbortSignal): Promise<AgentResult> {
    signal.throwIfAborted();
    // Replaced by the real client in the next commit on this branch.
    throw new AgentError('The OpenAI-compatible agent is not available in this build yet');
  }
}
