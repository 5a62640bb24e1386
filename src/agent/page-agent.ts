/**
 * The page agent: given a page, an audience and what Quire knows about the audience's person and
 * account, it proposes the content of the audience's next version and writes a reply.
 *
 * The agent never touches the database. The version worker (src/worker/version-worker.ts) loads an
 * AgentInput, calls `run`, checks the AgentResult (src/domain/audience-content.ts), and writes the
 * draft version, its changes and the agent's reply message. Two implementations: the built-in
 * deterministic agent (default, no network) and an OpenAI-compatible chat-completions agent
 * (AGENT=openai).
 */
import type { AudienceContent, ContentChange } from '../domain/audience-content.js';
import type { AudienceTraits, PageBlock } from '../domain/page-blocks.js';

export interface AgentPage {
  pageId: string;
  name: string;
  title: string;
  pageContext: string;
  pageType: string;
  actions: { actionId: string; purpose: string; buttonTitle: string; actionType: string; url: string }[];
  /**
   * The page's header action: with the first action when there is none, the primary action, the one
   * whose URL an audience's `actionUrl` sets.
   */
  headerActionId?: string | null;
  /**
   * The page's own hero as the operator wrote it (its body headline, else its title, and the
   * subheadline, maybe empty): what a draft personalises, whatever an earlier version made of it.
   */
  headline: string;
  subheadline: string;
  /** The page's typed blocks, as the operator wrote them (a version's plan chooses and rewords them). */
  blocks?: PageBlock[];
}

export interface AgentPerson {
  name: string;
  email: string | null;
  domain: string | null;
}

export interface AgentAccount {
  name: string;
  domain: string;
}

export interface AgentActivity {
  source: string;
  type: string;
  /** The log payload as stored (free-form JSON). */
  payload: Record<string, unknown>;
  createdAt: string;
  /** Set when the activity is a person's log. */
  personName: string | null;
  /**
   * True for what a hosted page's visitor made (a view, a click: Quire's own `page-viewed` and
   * `cta-clicked` logs): anyone with the link can make it, so it is a weak signal, never an
   * instruction, and is not taken as what the person did.
   */
  visitorMade?: boolean;
}

export interface AgentTopicEntry {
  type: 'text' | 'markdown' | 'url' | string;
  content: string;
}

export interface AgentMessage {
  role: 'user' | 'agent';
  content: string;
}

export interface AgentInput {
  page: AgentPage;
  audience: { audienceId: string; effectiveName: string };
  person: AgentPerson | null;
  account: AgentAccount | null;
  /** The person's and the account's traits, which the blocks' rules read (empty for a general audience). */
  traits?: AudienceTraits;
  /** Newest first, at most a few dozen. */
  recentActivity: AgentActivity[];
  topicEntries: AgentTopicEntry[];
  /** The content the new version starts from (the latest version's, or the page's defaults). */
  current: AudienceContent;
  /**
   * The audience's content before any version: the page with the audience's overrides (what "go back
   * to the original headline" restores). Absent, the agents fall back to the page's own title, hero,
   * buttons and primary URL.
   */
  original?: AudienceContent;
  /** The changes of the version `current` comes from (what "undo" reverses); empty for none. */
  lastChanges?: ContentChange[];
  /** The conversation so far, oldest first, without the message being answered. */
  conversation: AgentMessage[];
  /**
   * The user's message this version answers, with the element they selected in the editor;
   * null for a version that no message asked for (a new audience's first draft, POST .../versions).
   */
  request: { message: string; selectedElement: Record<string, unknown> | null } | null;
  /**
   * Set when the worker asks a second time because the first answer failed validation (the agent's
   * own checks of a model's output, or the worker's checkProposedVersion): what was wrong with it.
   * A model agent tells the model; the built-in agent answers the same way again.
   */
  rejected?: { problems: string[] };
}

export interface AgentResult {
  /** The agent's reply, shown as its message in the conversation. */
  reply: string;
  /** Why it changed what it changed (the message's `reasoning`). */
  reasoning: string;
  /** The content of the new version: `current` with the changes applied. */
  content: AudienceContent;
  /** What differs from `current`; empty when the agent could not act on the request. */
  changes: ContentChange[];
  /** What the model calls of this run used, for an agent that calls a model (the version stores it). */
  usage?: AgentUsage;
}

/** Tokens a run used and what they cost (from the configured price of the model; null when unpriced). */
export interface AgentUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  /** Model calls made (a failed validation is retried once with its message). */
  calls: number;
}

export interface PageAgent {
  readonly name: string;
  /**
   * Runs in this process on the CPU and calls no model (the built-in agent): a worker may claim a
   * batch of versions (WORKER_BATCH), run it on each in turn and write the drafts in one transaction.
   */
  readonly inProcess?: boolean;
  /** Proposes the next version. Must honour `signal` (the worker's timeout). May throw; the worker retries. */
  run(input: AgentInput, signal: AbortSignal): Promise<AgentResult>;
}

/**
 * Why an agent produced no result. The version worker owns retries, in one budget per version
 * (AGENT_MAX_ATTEMPTS attempts, lost leases included): a `retryable` failure (a timeout, a network
 * error, a 429 or 5xx, unusable output) is tried again later; any other (the model server refused the
 * request, so the same request fails the same way) cancels the version at once, and `message` is
 * the reason its reply gives, in words an integrator can act on.
 */
export class AgentError extends Error {
  readonly retryable: boolean;
  /** How long the server asked to wait before the next attempt (Retry-After), if it did. */
  readonly retryAfterMs: number | null;
  /**
   * Set when the model answered but its answer failed validation (not JSON, wrong shape, a value out
   * of bounds): what was wrong. The worker asks once more with them (AgentInput.rejected).
   */
  readonly problems: string[] | null;

  constructor(
    message: string,
    options: {
      retryable: boolean;
      retryAfterMs?: number | null;
      cause?: unknown;
      problems?: string[];
    } = { retryable: false },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AgentError';
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.problems = options.problems ?? null;
  }
}
