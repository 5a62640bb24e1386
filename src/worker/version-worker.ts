import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { refuseUnsupported } from '../agent/grounding.js';
import {
  AgentError,
  type AgentInput,
  type AgentResult,
  type AgentUsage,
  type PageAgent,
} from '../agent/page-agent.js';
import { withPageRules } from '../agent/page-rules.js';
import { backgroundShare, type StepSizer } from '../background-share.js';
import type { AgentLimitsConfig } from '../config.js';
import { dialectOf } from '../db/database.js';
import type { AudienceVersionsTable, Db } from '../db/schema.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { onWakeup, VERSIONS_CHANNEL } from '../db/wakeups.js';
import { writeTransaction } from '../db/write-transaction.js';
import {
  checkProposedVersion,
  type ProposedVersion,
  RefusedResultError,
} from '../domain/audience-content.js';
import { loadAgentInput } from '../features/audiences/agent-context.js';
import type { AttemptFailure } from '../features/audiences/interrupted-reply.js';
import { storedContentProblems } from '../features/audiences/stored-content-problems.js';
import {
  type AgentOutcome,
  failAttempt,
  reapExpiredLeases,
  releaseVersion,
  writeOutcomes,
} from '../features/audiences/version-outcomes.js';
import {
  agentUsageSince,
  claimQueued,
  nextClaimableTenant,
  renewLeases,
  type TenantScope,
} from '../features/audiences/versions.repository.js';
import { telemetry } from '../metrics/telemetry.js';
import { PollLoop } from './poll-loop.js';

export interface WorkerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface VersionWorkerOptions {
  db: Db;
  agent: PageAgent;
  /** How long a claim holds without renewal; renewed every third of it while the agent works. */
  leaseMs: number;
  agentTimeoutMs: number;
  /** Attempts (agent failures and lost leases alike) before a version is cancelled. */
  maxAttempts: number;
  /** How long an idle worker waits before looking for work again. */
  pollMs: number;
  /** Delay before a failed attempt is retried: retryDelayMs * 2^(attempt-1). */
  retryDelayMs?: number;
  logger?: WorkerLogger;
  id?: string;
  /** Work for one tenant (or these few) only: a dedicated worker; tests use it to stay out of each other's way. */
  tenantId?: TenantScope;
  /** Each tenant's daily agent budget and how many of its runs may be in progress at once. */
  limits?: Partial<AgentLimitsConfig>;
  /** PostgreSQL: woken by NOTIFY when a version is queued (src/db/wakeups.ts; EVENTS_LISTEN). Default true. */
  listen?: boolean;
  /**
   * Versions claimed at once when the agent runs in this process (PageAgent.inProcess), run one
   * after another and written in one transaction (WORKER_BATCH). Default 1; a model agent: always 1.
   */
  batchSize?: number;
}

/** A tenant's daily agent budget is used up: the version is cancelled at once, the reply says so. */
export class AgentBudgetError extends Error {
  override readonly name = 'AgentBudgetError';
}

const silent: WorkerLogger = { info() {}, warn() {}, error() {} };

/**
 * Runs the page agent over the version queue: reap expired leases, claim the oldest queued version
 * (SKIP LOCKED on PostgreSQL), run the agent under a timeout while renewing the lease, validate its
 * output, write the draft (or retry, or cancel). Any number of workers may run against one database.
 *
 * With an agent that runs in the process (the built-in agent) a claim takes up to `batchSize`
 * versions of the tenant whose turn it is, the agent runs on each in turn, and the drafts are
 * written in one transaction: per draft, the claim's statements and the commit are shared, which
 * on SQLite were most of a draft's time. The tenants still take turns claim by claim, so another
 * tenant's message waits for one batch at most.
 */
export class VersionWorker {
  readonly id: string;
  readonly #options: Required<Omit<VersionWorkerOptions, 'id' | 'tenantId' | 'limits' | 'listen'>> & {
    tenantId?: TenantScope;
    limits: Partial<AgentLimitsConfig>;
  };
  readonly #loop: PollLoop;
  #current: AbortController | null = null;
  #unlisten: (() => void) | null = null;
  readonly #listen: boolean;
  /** On SQLite, sizes the transactions that write a batch's outcomes (BackgroundShare.sizer). */
  readonly #writeSizer: StepSizer | null;

  constructor(options: VersionWorkerOptions) {
    this.id = options.id ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    const { listen = true, ...rest } = options;
    this.#listen = listen;
    this.#options = { retryDelayMs: 1000, logger: silent, limits: {}, batchSize: 1, ...rest };
    // On PostgreSQL a write waits on the database with the event loop free: one transaction.
    this.#writeSizer =
      dialectOf(this.#options.db) === 'sqlite' ? backgroundShare.sizer(this.#options.batchSize) : null;
    this.#loop = new PollLoop(
      async () => (await this.runOnce()) === 'processed',
      this.#options.pollMs,
      (error) => logStepFailure(this.#options.logger, error, { worker: this.id }, 'version worker'),
    );
  }

  start(): void {
    this.#unlisten ??= onWakeup(this.#options.db, VERSIONS_CHANNEL, this.#listen, () => this.#loop.wake());
    this.#loop.start();
  }

  /** Stops claiming; a version in progress is aborted and given back to the queue. */
  async stop(): Promise<void> {
    this.#unlisten?.();
    this.#unlisten = null;
    const stopped = this.#loop.stop();
    this.#current?.abort(new Error('worker shutting down'));
    await stopped;
  }

  /** One step: returns 'processed' when it claimed a version (whatever the outcome), else 'idle'. */
  async runOnce(): Promise<'processed' | 'idle'> {
    const { db, leaseMs, maxAttempts, agent, batchSize } = this.#options;
    const { tenantId } = this.#options;
    await reapExpiredLeases(db, maxAttempts, tenantId);
    const now = Date.now();
    // Idle polling stays read-only: on SQLite a claim transaction takes the single write lock.
    const tenant = await nextClaimableTenant(db, now, tenantId, this.#options.limits.tenantConcurrency ?? 0);
    if (tenant === undefined) return 'idle';
    const size = agent.inProcess === true ? batchSize : 1;
    const versions = await writeTransaction(db, (tx) =>
      claimQueued(tx, this.id, now, now + leaseMs, tenant, size),
    );
    if (versions.length === 0) return 'idle';
    await this.#processBatch(tenant, versions);
    return 'processed';
  }

  /**
   * Refuses a run once the tenant's agent usage today (UTC) has reached its token or cost budget
   * (AGENT_DAILY_TOKEN_BUDGET, its per-tenant override, AGENT_DAILY_COST_BUDGET_USD).
   */
  async #checkBudget(tenantId: string): Promise<void> {
    const { limits, db } = this.#options;
    const tokenBudget = limits.tenantDailyTokenBudgets?.[tenantId] ?? limits.dailyTokenBudget ?? null;
    const costBudget = limits.dailyCostBudgetUsd ?? null;
    if (tokenBudget === null && costBudget === null) return;
    const day = utcDay(Date.now());
    const used = await agentUsageSince(db, tenantId, day.start);
    const resets = `it renews at ${new Date(day.end).toISOString().slice(0, 16).replace('T', ' ')} UTC, or an operator can raise it`;
    if (tokenBudget !== null && used.tokens >= tokenBudget) {
      throw new AgentBudgetError(
        `this workspace has used its daily page-agent budget: ${used.tokens.toLocaleString('en-US')} of ${tokenBudget.toLocaleString('en-US')} tokens today (AGENT_DAILY_TOKEN_BUDGET); ${resets}`,
      );
    }
    const usedUsd = used.costMicros / 1_000_000;
    if (costBudget !== null && usedUsd >= costBudget) {
      throw new AgentBudgetError(
        `this workspace has used its daily page-agent budget: ${usd(usedUsd)} of ${usd(costBudget)} today (AGENT_DAILY_COST_BUDGET_USD); ${resets}`,
      );
    }
  }

  /**
   * Runs the agent and checks its proposal. An answer that fails validation (the worker's
   * checkProposedVersion, or the agent's own checks of a model's output) is asked for once more,
   * with the problems (AgentInput.rejected); a second failure cancels the version with them.
   */
  async #runChecked(
    input: AgentInput,
    signal: AbortSignal,
    log: object,
  ): Promise<{ result: AgentResult; checked: ProposedVersion }> {
    const first = await this.#tryOnce(input, signal);
    if (first.ok) return first;
    this.#options.logger.info(
      { ...log, problems: first.problems },
      'the agent answer failed validation: asking once more with the problems',
    );
    const second = await this.#tryOnce({ ...input, rejected: { problems: first.problems } }, signal);
    if (!second.ok) {
      // The worker's own checks keep their error (its reply names what to fix on the page); a model's
      // output the agent could not use is final now: it was asked twice.
      if (second.error instanceof RefusedResultError) throw second.error;
      throw new AgentError(
        `its answer failed validation twice (the second time it was told why): ${second.problems.join('; ')}`,
        { retryable: false },
      );
    }
    const usage = sumUsage(first.usage, second.result.usage);
    return {
      result: usage === undefined ? second.result : { ...second.result, usage },
      checked: second.checked,
    };
  }

  async #tryOnce(asked: AgentInput, signal: AbortSignal) {
    let result: AgentResult;
    try {
      // Whatever the agent, a draft shows the blocks the page's rules choose for the audience's
      // traits unless the agent chose (page-rules.ts), and a version never states what Quire does
      // not know (grounding.ts).
      const proposed = await raceAbort(this.#options.agent.run(asked, signal), signal);
      result = refuseUnsupported(asked, withPageRules(asked, proposed));
    } catch (error) {
      if (error instanceof AgentError && error.problems !== null) {
        return { ok: false as const, error, problems: error.problems, usage: undefined };
      }
      throw error;
    }
    try {
      return { ok: true as const, result, checked: checkProposedVersion(result, asked.current, asked.page) };
    } catch (error) {
      if (!(error instanceof RefusedResultError)) throw error;
      return { ok: false as const, error, problems: error.problems, usage: result.usage };
    }
  }

  /**
   * Runs the agent on each claimed version in turn while renewing their leases, then writes the
   * results together. Stopping aborts the run in progress and gives back every version not written.
   */
  async #processBatch(tenantId: string, versions: AudienceVersionsTable[]): Promise<void> {
    const { db, leaseMs } = this.#options;
    const batch = new AbortController();
    this.#current = batch;
    const ids = versions.map((v) => v.id);
    const heartbeat = setInterval(
      () => {
        renewLeases(db, tenantId, ids, this.id, Date.now() + leaseMs).then(
          (kept) => kept > 0 || batch.abort(new Error('lease lost')),
          () => {},
        );
      },
      Math.max(Math.floor(leaseMs / 3), 50),
    );
    try {
      const ran: Ran[] = [];
      const pacer = backgroundShare.pacer();
      for (const version of versions) {
        // Between two runs the event loop serves other requests: on SQLite every statement is
        // synchronous and its await a microtask, so a batch would otherwise hold the process.
        // While requests come in, the drafts take only their share of the time (src/background-share.ts).
        await pacer.next();
        if (this.#loop.stopping) {
          await this.#giveBack(version, attemptLog(this.id, version), performance.now());
          continue;
        }
        const outcome = await this.#run(version, batch.signal);
        if (outcome !== undefined) ran.push(outcome);
      }
      // While requests come in, the outcomes are written in steps of the step budget, resting
      // between them like the runs (on SQLite a request waits for a whole transaction).
      for (let i = 0; i < ran.length; ) {
        await pacer.next();
        const step = ran.slice(i, i + (this.#writeSizer?.next() ?? ran.length));
        i += step.length;
        await this.#write(step);
      }
    } finally {
      clearInterval(heartbeat);
      this.#current = null;
    }
  }

  /** One agent run under its timeout; a failure is handled here (retry, cancel or give back). */
  async #run(version: AudienceVersionsTable, batch: AbortSignal): Promise<Ran | undefined> {
    const { db, agent, agentTimeoutMs, logger } = this.#options;
    const log = attemptLog(this.id, version);
    logger.info(log, 'processing version');
    const started = performance.now();
    const controller = new AbortController();
    const abort = () => controller.abort(batch.reason);
    if (batch.aborted) abort();
    batch.addEventListener('abort', abort, { once: true });
    const timeout = setTimeout(
      () => controller.abort(new Error(`the agent did not answer within ${agentTimeoutMs} ms`)),
      agentTimeoutMs,
    );
    try {
      await this.#checkBudget(version.tenant_id);
      const input = await loadAgentInput(db, version);
      const { result, checked } = await this.#runChecked(input, controller.signal, log);
      const usage = {
        agent: agent.name,
        model: result.usage?.model ?? null,
        calls: result.usage?.calls ?? 0,
        inputTokens: result.usage?.inputTokens ?? 0,
        outputTokens: result.usage?.outputTokens ?? 0,
        // An agent that reports no usage calls no model: it costs nothing.
        costUsd: result.usage === undefined ? 0 : result.usage.costUsd,
      };
      // A message answered without a change (a question, something it cannot do) makes no version:
      // the reply goes to the conversation. A first draft is always written.
      const answered = checked.changes.length === 0 && version.request_message_id !== null;
      return { outcome: { version, answered, result: checked, usage }, log, started };
    } catch (error) {
      await this.#failed(version, error, log, started);
      return undefined;
    } finally {
      clearTimeout(timeout);
      batch.removeEventListener('abort', abort);
    }
  }

  /**
   * Writes the batch's results in one transaction. If that fails for another reason than the
   * database being unavailable, each is written alone, so one result that cannot be written
   * fails only its own version.
   */
  async #write(ran: Ran[]): Promise<void> {
    if (ran.length === 0) return;
    const { db, logger } = this.#options;
    let written: boolean[];
    try {
      written = await writeOutcomes(
        db,
        this.id,
        ran.map((r) => r.outcome),
        this.#writeSizer,
      );
    } catch (error) {
      if (ran.length === 1 || isDatabaseUnavailable(error)) {
        for (const r of ran) await this.#failed(r.outcome.version, error, r.log, r.started);
        return;
      }
      for (const r of ran) await this.#write([r]);
      return;
    }
    ran.forEach(({ outcome, log, started }, index) => {
      const outcomeName = !written[index] ? 'lost_lease' : outcome.answered ? 'answered' : 'drafted';
      telemetry.agentAttempt(outcomeName, (performance.now() - started) / 1000);
      logger.info(
        { ...log, written: written[index], changes: outcome.result.changes.length },
        !written[index]
          ? 'lease lost; result discarded'
          : outcome.answered
            ? 'answered; no new version'
            : 'version drafted',
      );
    });
  }

  /** Gives a version back to the queue without counting the attempt (stopping). */
  async #giveBack(version: AudienceVersionsTable, log: object, started: number): Promise<void> {
    await releaseVersion(this.#options.db, version, this.id);
    telemetry.agentAttempt('released', (performance.now() - started) / 1000);
    this.#options.logger.info(log, 'worker stopping: version given back to the queue');
  }

  async #failed(version: AudienceVersionsTable, error: unknown, log: object, started: number): Promise<void> {
    const { db, maxAttempts, logger } = this.#options;
    if (this.#loop.stopping) {
      await this.#giveBack(version, log, started);
      return;
    }
    // drafted, answered (no change: no new version), lost_lease, released (shutdown or database down), retry or cancelled (see /metrics).
    let outcome = 'released';
    try {
      // The database failing (restart, lost connection, timeout) is not the agent's failure: the
      // version goes back without using up an attempt. If the database cannot take even that,
      // the lease runs out and the version is reaped.
      if (isDatabaseUnavailable(error)) {
        logger.warn(
          { ...log, error: (error as Error).message },
          'database unavailable: giving the version back',
        );
        await releaseVersion(db, version, this.id);
        return;
      }
      const failure = classifyFailure(error);
      if (error instanceof RefusedResultError) {
        const causes = await storedContentProblems(db, version).catch(() => []);
        if (causes.length > 0) failure.message += `; to fix: ${causes.join('; ')}`;
      }
      const backoff = this.#options.retryDelayMs * 2 ** Math.max(version.attempts - 1, 0);
      const delay = Math.max(backoff, Math.min(failure.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
      const failed = await failAttempt(db, version, this.id, failure, maxAttempts, delay);
      outcome = failed === 'requeued' ? 'retry' : failed === 'cancelled' ? 'cancelled' : 'lost_lease';
      logger.warn(
        { ...log, outcome: failed, final: failure.final, error: failure.message },
        'agent attempt failed',
      );
    } finally {
      telemetry.agentAttempt(outcome, (performance.now() - started) / 1000);
    }
  }
}

/** A version the agent has run on, waiting to be written with the rest of its batch. */
interface Ran {
  outcome: AgentOutcome;
  log: object;
  started: number;
}

function attemptLog(worker: string, version: AudienceVersionsTable) {
  return { worker, versionId: version.id, audienceId: version.audience_id, attempt: version.attempts };
}

/** The usage of two runs of one version together. */
function sumUsage(a: AgentUsage | undefined, b: AgentUsage | undefined): AgentUsage | undefined {
  if (a === undefined || b === undefined) return b ?? a;
  return {
    model: b.model,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    costUsd: a.costUsd === null || b.costUsd === null ? null : a.costUsd + b.costUsd,
    calls: a.calls + b.calls,
  };
}

/** $12.50, $0.0012. */
const usd = (value: number) => `$${value.toFixed(value >= 1 ? 2 : 4)}`;

/** Today's start (UTC midnight) and the next one, in ms. */
function utcDay(now: number): { start: number; end: number } {
  const start = now - (now % 86_400_000);
  return { start, end: start + 86_400_000 };
}

/**
 * A database that cannot serve (restarting, unreachable) is expected now and then and is retried
 * with backoff (poll-loop.ts): one warning line without a stack. Anything else is an error.
 */
export function logStepFailure(logger: WorkerLogger, error: unknown, who: object, what: string): void {
  if (isDatabaseUnavailable(error)) {
    logger.warn({ ...who, error: (error as Error).message }, `${what}: database unavailable; retrying`);
  } else {
    logger.error({ ...who, err: error }, `${what} iteration failed`);
  }
}

/** The longest a server's Retry-After may hold a version back. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Whether another attempt could succeed. A result refused by the (deterministic) checks, and an
 * AgentError the agent marks final (a model server's 4xx), fail the same way every time; anything
 * else (timeouts, network errors, unusable model output, a database hiccup) is worth retrying.
 */
function classifyFailure(error: unknown): AttemptFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RefusedResultError) return { message, final: true, kind: 'refused' };
  if (error instanceof AgentBudgetError) return { message, final: true, kind: 'agent' };
  if (error instanceof AgentError) {
    return error.retryable
      ? { message, final: false, kind: 'transient', retryAfterMs: error.retryAfterMs }
      : { message, final: true, kind: 'agent' };
  }
  return { message, final: false, kind: 'transient' };
}

/** Rejects as soon as the signal aborts, even if an agent ignores it. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}
