/**
 * The OpenAI-compatible chat-completions agent (AGENT=openai): any server speaking
 * POST {baseUrl}/chat/completions with structured output (OpenAI, or a local model server).
 * One run is one model call, bounded by AGENT_TIMEOUT_MS and by the caller's signal. It does not
 * retry: the version worker retries a retryable AgentError (timeout, network error, 429, 5xx,
 * unusable output) within the version's one budget of AGENT_MAX_ATTEMPTS, so a version never costs
 * more than that many calls. A refusal is an answer, not a failure.
 */
import type { AgentOptions } from './agent-options.js';
import { refuseUnsupported } from './grounding.js';
import { requestBody } from './openai-prompt.js';
import { MalformedOutputError, readCompletion, usageOf } from './openai-response.js';
import { AgentError, type AgentInput, type AgentResult, type PageAgent } from './page-agent.js';

export { AgentError } from './page-agent.js';

export class OpenAIAgent implements PageAgent {
  readonly name = 'openai';
  private readonly endpoint: string;
  private readonly model: string;

  constructor(private readonly config: AgentOptions) {
    if (!config.openaiBaseUrl || !config.openaiModel) {
      throw new AgentError('AGENT=openai needs OPENAI_BASE_URL and OPENAI_MODEL');
    }
    this.endpoint = `${config.openaiBaseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.model = config.openaiModel;
  }

  async run(input: AgentInput, signal: AbortSignal): Promise<AgentResult> {
    signal.throwIfAborted();
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
        body: JSON.stringify(requestBody(input, this.model, this.config.output)),
        signal: attemptSignal,
      });
      // Reading the body is covered by the same signal, so a server that stalls mid-body times out too.
      text = await response.text();
    } catch (error) {
      if (timeout.aborted && !signal.aborted) {
        throw this.retryable(`no answer within ${this.config.timeoutMs} ms`);
      }
      if (signal.aborted) throw signal.reason;
      throw this.retryable(`network error: ${describe(error)}`);
    }

    if (response.status === 408 || response.status === 429 || response.status >= 500) {
      throw this.retryable(`HTTP ${response.status}${snippet(text)}`, retryAfter(response));
    }
    if (!response.ok) {
      // 400, 401, 403, 404...: the request or the configuration is wrong; repeating it cannot help.
      throw new AgentError(
        `the model server at ${this.endpoint} refused the request with HTTP ${response.status}${snippet(text)}. ` +
          `Retrying cannot help until ${fixFor(response.status)}`,
        { retryable: false },
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw this.retryable(`the response body is not JSON${snippet(text)}`);
    }
    try {
      return this.grounded(input, { ...readCompletion(body, input, this.model), usage: this.usage(body) });
    } catch (error) {
      if (error instanceof MalformedOutputError) {
        throw this.retryable(`unusable output: ${error.message}`, null, [error.message]);
      }
      throw error;
    }
  }

  /** Tokens and, with a configured price, cost of one call. */
  private usage(body: unknown): AgentResult['usage'] {
    const { inputTokens, outputTokens } = usageOf(body);
    const { priceInputPerMTok: inPrice, priceOutputPerMTok: outPrice } = this.config;
    const costUsd =
      inPrice == null || outPrice == null ? null : (inputTokens * inPrice + outputTokens * outPrice) / 1e6;
    return { model: this.model, inputTokens, outputTokens, costUsd, calls: 1 };
  }

  /** A result claiming what nothing Quire knows supports is refused (grounding.ts). */
  private grounded(input: AgentInput, result: AgentResult): AgentResult {
    return refuseUnsupported(input, result, "the model's edit");
  }

  private retryable(problem: string, retryAfterMs: number | null = null, problems?: string[]): AgentError {
    return new AgentError(`the model ${this.model} gave no usable answer: ${problem}`, {
      retryable: true,
      retryAfterMs,
      ...(problems === undefined ? {} : { problems }),
    });
  }
}

/** What an operator must change before a request the model server refused can succeed. */
function fixFor(status: number): string {
  if (status === 401 || status === 403) return 'OPENAI_API_KEY holds a key the server accepts';
  if (status === 404) return 'OPENAI_BASE_URL and OPENAI_MODEL name a server and a model it serves';
  return 'the server accepts the request (check OPENAI_MODEL, OPENAI_BASE_URL and the server log)';
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
