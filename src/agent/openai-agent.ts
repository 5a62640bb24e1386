/**
 * The OpenAI-compatible chat-completions agent (AGENT=openai): any server speaking
 * POST {baseUrl}/chat/completions with structured output (OpenAI, or a local model server).
 * Each attempt is bounded by AGENT_TIMEOUT_MS and by the caller's signal; timeouts, network errors,
 * 429, 5xx and unusable output are retried with backoff up to AGENT_MAX_ATTEMPTS; a refusal is an
 * answer, not a failure. After the last failed attempt it throws AgentError.
 */
import type { AgentOptions } from './agent-options.js';
import { requestBody } from './openai-prompt.js';
import { MalformedOutputError, readCompletion } from './openai-response.js';
import type { AgentInput, AgentResult, PageAgent } from './page-agent.js';

/** Raised when the agent could not produce a result; the worker cancels the version. */
export class AgentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AgentError';
  }
}

export interface OpenAIAgentOptions {
  /** First backoff delay; doubles per attempt (capped at maxRetryDelayMs). */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

/** A failure worth another attempt, with what to tell if it was the last one. */
class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export class OpenAIAgent implements PageAgent {
  readonly name = 'openai';
  private readonly endpoint: string;
  private readonly model: string;

  constructor(
    private readonly config: AgentOptions,
    private readonly options: OpenAIAgentOptions = {},
  ) {
    if (!config.openaiBaseUrl || !config.openaiModel) {
      throw new AgentError('AGENT=openai needs OPENAI_BASE_URL and OPENAI_MODEL');
    }
    this.endpoint = `${config.openaiBaseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.model = config.openaiModel;
  }

  async run(input: AgentInput, signal: AbortSignal): Promise<AgentResult> {
    const failures: string[] = [];
    for (let attempt = 1; attempt <= this.config.maxAttempts; attempt++) {
      signal.throwIfAborted();
      try {
        return await this.attempt(input, signal);
      } catch (error) {
        // The caller gave up (the worker's own timeout or shutdown): stop at once, do not retry.
        if (signal.aborted) throw signal.reason;
        if (!(error instanceof RetryableError)) throw error;
        failures.push(`attempt ${attempt}: ${error.message}`);
        if (attempt < this.config.maxAttempts) await sleep(this.delay(attempt, error.retryAfterMs), signal);
      }
    }
    throw new AgentError(
      `The model ${this.model} at ${this.endpoint} gave no usable answer after ${this.config.maxAttempts} ` +
        `attempt(s): ${failures.join('; ')}`,
    );
  }

  private async attempt(input: AgentInput, signal: AbortSignal): Promise<AgentResult> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const attemptSignal = AbortSignal.any([signal, timeout]);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.config.openaiApiKey) headers.authorization = `Bearer ${this.config.openaiApiKey}`;

    let text: string;
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(requestBody(input, this.model)),
        signal: attemptSignal,
      });
      // Reading the body is covered by the same signal, so a server that stalls mid-body times out too.
      text = await response.text();
    } catch (error) {
      if (timeout.aborted && !signal.aborted) {
        throw new RetryableError(`no answer within ${this.config.timeoutMs} ms`);
      }
      if (signal.aborted) throw signal.reason;
      throw new RetryableError(`network error: ${describe(error)}`);
    }

    if (response.status === 429 || response.status >= 500) {
      throw new RetryableError(`HTTP ${response.status}${snippet(text)}`, retryAfter(response));
    }
    if (!response.ok) {
      // 400, 401, 403, 404...: the request or the configuration is wrong; repeating it cannot help.
      throw new AgentError(`The model server refused the request: HTTP ${response.status}${snippet(text)}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new RetryableError(`the response body is not JSON${snippet(text)}`);
    }
    try {
      return readCompletion(body, input, this.model);
    } catch (error) {
      if (error instanceof MalformedOutputError)
        throw new RetryableError(`unusable output: ${error.message}`);
      throw error;
    }
  }

  private delay(attempt: number, retryAfterMs: number | null): number {
    const base = this.options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    const max = this.options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
    return Math.min(max, retryAfterMs ?? base * 2 ** (attempt - 1));
  }
}

const DEFAULT_RETRY_DELAY_MS = 500;
const DEFAULT_MAX_RETRY_DELAY_MS = 10_000;

/**
 * The longest one `run` can take: every attempt timing out, and every pause between attempts at its
 * cap (a server's Retry-After can ask for that much). A caller that bounds the whole run (the version
 * worker) should allow at least this, or it cuts off the agent's own retries.
 */
export function openAIRunBudgetMs(config: AgentOptions, options: OpenAIAgentOptions = {}): number {
  const pause = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  return config.timeoutMs * config.maxAttempts + pause * (config.maxAttempts - 1);
}

/** Retry-After in seconds (or an HTTP date), as milliseconds. */
function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function snippet(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean === '' ? '' : `: ${clean.slice(0, 200)}`;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
