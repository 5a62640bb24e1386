/**
 * The page agent's evaluation set (agent-eval-set.json, issue 33): named fixtures (a page, an
 * audience and what Quire knows about it, the content a version starts from) and cases (a message
 * as a marketer writes it, with the checks a right answer passes; eval-checks.ts). A fixture may
 * extend another and override some of its members; `current` overrides merge field by field.
 */
import type { AudienceContent, ContentChange } from '../../domain/audience-content.js';
import type { AgentInput, AgentMessage } from '../page-agent.js';

/** What a case checks; every member is optional (docs/agent.md, "The evaluation set"). */
export interface CaseExpect {
  /**
   * Fields that must end with exactly this value (keywords joined with ", "; buttons as buttonTitle:<id>;
   * a block's text as blocks/<blockId>/<path>, its visibility as blocks/<blockId>/visible: eval-blocks.ts).
   */
  set?: Record<string, string>;
  /** Blocks (by blockId) that must end shown / hidden. */
  shown?: string[];
  hidden?: string[];
  /** Blocks that must end shown in this relative order (others may sit between them). */
  order?: string[];
  /** Fields that must differ from the starting content. */
  changed?: string[];
  /** At least one of these fields must differ. */
  anyChanged?: string[];
  /** Fields that may change besides those named by the other checks; every other field must not. */
  mayChange?: string[];
  /** Case-insensitive substrings a field must contain / must not contain after the edit. */
  contains?: Record<string, string[]>;
  absent?: Record<string, string[]>;
  /** Fields that must end shorter / longer (in characters) than they started. */
  shorter?: string[];
  longer?: string[];
  maxWords?: Record<string, number>;
  maxSentences?: Record<string, number>;
  /** Each term must appear (any case) in at least one changed field. */
  mentions?: string[];
  /** Nothing may change (a question, a request that cannot be done). */
  unchanged?: boolean;
  /** Patterns (case-insensitive) the reply must match / must not match. */
  reply?: string[];
  replyNot?: string[];
  /**
   * An honest refusal also counts as right: nothing changed and the reply says, in a sentence, that
   * it needs a language model (names AGENT=openai). For requests only a model can carry out.
   */
  refusalOk?: boolean;
}

export interface EvalCase {
  id: string;
  intent: string;
  fixture: string;
  message: string;
  selected?: Record<string, unknown>;
  conversation?: AgentMessage[];
  /** Overrides of the fixture's current content. */
  current?: Partial<AudienceContent>;
  /** The changes of the version the current content comes from (what "undo" reverses). */
  lastChanges?: ContentChange[];
  note?: string;
  expect: CaseExpect;
}

type Fixture = Partial<Omit<AgentInput, 'current' | 'original'>> & {
  extends?: string;
  current?: Partial<AudienceContent>;
  original?: AudienceContent;
};

export interface EvalSet {
  description?: string;
  fixtures: Record<string, Fixture>;
  cases: EvalCase[];
}

/** Checks a parsed set file's shape well enough that a typo names the case; throws with the problems. */
export function checkEvalSet(value: unknown): EvalSet {
  const problems: string[] = [];
  const set = value as EvalSet;
  if (!set || typeof set !== 'object' || typeof set.fixtures !== 'object' || !Array.isArray(set.cases)) {
    throw new Error('an evaluation set is an object with "fixtures" and "cases"');
  }
  const ids = new Set<string>();
  for (const [i, c] of set.cases.entries()) {
    const where = `cases[${i}]${typeof c?.id === 'string' ? ` (${c.id})` : ''}`;
    if (typeof c?.id !== 'string' || ids.has(c.id)) problems.push(`${where}: id must be a unique string`);
    ids.add(c?.id);
    if (typeof c?.intent !== 'string') problems.push(`${where}: intent must be a string`);
    if (typeof c?.message !== 'string' || c.message.trim() === '')
      problems.push(`${where}: message must be a non-empty string`);
    if (!set.fixtures[c?.fixture]) problems.push(`${where}: no fixture "${c?.fixture}"`);
    if (!c?.expect || typeof c.expect !== 'object') problems.push(`${where}: expect must be an object`);
  }
  if (problems.length > 0) throw new Error(`the evaluation set is invalid: ${problems.join('; ')}`);
  return set;
}

function resolveFixture(set: EvalSet, name: string, seen: string[] = []): Fixture {
  const fixture = set.fixtures[name];
  if (!fixture) throw new Error(`no fixture "${name}"`);
  if (fixture.extends === undefined) return fixture;
  if (seen.includes(name)) throw new Error(`fixture "${name}" extends itself`);
  const base = resolveFixture(set, fixture.extends, [...seen, name]);
  return { ...base, ...fixture, current: { ...base.current, ...fixture.current } };
}

/** The AgentInput a case runs with: its fixture, its overrides and its message. */
export function caseInput(set: EvalSet, evalCase: EvalCase): AgentInput {
  const fixture = resolveFixture(set, evalCase.fixture);
  const current = { ...fixture.current, ...evalCase.current } as AudienceContent;
  return {
    page: fixture.page!,
    audience: fixture.audience!,
    person: fixture.person ?? null,
    account: fixture.account ?? null,
    ...(fixture.traits ? { traits: fixture.traits } : {}),
    recentActivity: fixture.recentActivity ?? [],
    topicEntries: fixture.topicEntries ?? [],
    current,
    ...(fixture.original ? { original: fixture.original } : {}),
    lastChanges: evalCase.lastChanges ?? [],
    conversation: evalCase.conversation ?? fixture.conversation ?? [],
    request: { message: evalCase.message, selectedElement: evalCase.selected ?? null },
  };
}
