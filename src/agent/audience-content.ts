import { isHttpUrl } from './content.js';
import type { AudienceContent } from './page-agent.js';

/**
 * AudienceContent helpers of the version worker and the conversation read: the content a first
 * version starts from, and the checks an agent's content must pass before it touches a version
 * (the shapes and outer bounds; the agents' own stricter bounds live in ./content.ts).
 */

interface PageLike {
  title: string;
  actions: { actionId: string; buttonTitle: string; url: string }[];
  headerActionId: string | null;
  metadata: { title?: string; description?: string; keywords?: string[] } | null;
}

interface AudienceLike {
  supplementaryContext: string | null;
  actionUrlOverride: string | null;
  metadataOverride: { title?: string; description?: string; keywords?: string[] } | null;
}

/** The primary action: the header action, else the first one. Its URL is the audience's action URL. */
export function primaryAction<T extends { actionId: string }>(actions: T[], headerActionId: string | null) {
  return actions.find((a) => a.actionId === headerActionId) ?? actions[0] ?? null;
}

/** The content of an audience before any version holds some: the page overlaid with the audience's overrides. */
export function defaultContent(page: PageLike, audience: AudienceLike): AudienceContent {
  const meta = { ...(page.metadata ?? {}), ...(audience.metadataOverride ?? {}) };
  return {
    metaTitle: meta.title ?? page.title,
    metaDescription: meta.description ?? '',
    metaKeywords: meta.keywords ?? [],
    supplementaryContext: audience.supplementaryContext ?? '',
    buttonTitles: Object.fromEntries(page.actions.map((a) => [a.actionId, a.buttonTitle])),
    actionUrl: audience.actionUrlOverride ?? primaryAction(page.actions, page.headerActionId)?.url ?? '',
  };
}

const LIMITS = {
  metaTitle: 300,
  metaDescription: 1000,
  keyword: 100,
  keywords: 50,
  supplementaryContext: 50_000,
  buttonTitle: 200,
  url: 2048,
};

/**
 * Checks an agent's proposed content against the page; returns the problems (empty when valid).
 * An agent's output is untrusted: wrong types, unknown buttons, oversized or non-http(s) values
 * are refused before anything is written.
 */
export function contentProblems(content: unknown, current: AudienceContent): string[] {
  const problems: string[] = [];
  if (content === null || typeof content !== 'object') return ['content must be an object'];
  const c = content as Record<string, unknown>;
  const text = (name: string, max: number) => {
    if (typeof c[name] !== 'string') problems.push(`${name} must be a string`);
    else if ((c[name] as string).length > max) problems.push(`${name} is longer than ${max} characters`);
  };
  text('metaTitle', LIMITS.metaTitle);
  text('metaDescription', LIMITS.metaDescription);
  text('supplementaryContext', LIMITS.supplementaryContext);
  text('actionUrl', LIMITS.url);
  if (typeof c.metaTitle === 'string' && c.metaTitle.trim() === '')
    problems.push('metaTitle must not be empty');
  if (typeof c.actionUrl === 'string' && c.actionUrl !== '' && !isHttpUrl(c.actionUrl)) {
    problems.push('actionUrl must be an http(s) URL');
  }
  const keywords = c.metaKeywords;
  if (!Array.isArray(keywords) || keywords.some((k) => typeof k !== 'string' || k.length > LIMITS.keyword)) {
    problems.push(`metaKeywords must be an array of strings of at most ${LIMITS.keyword} characters`);
  } else if (keywords.length > LIMITS.keywords)
    problems.push(`metaKeywords has more than ${LIMITS.keywords} items`);
  const buttons = c.buttonTitles;
  if (buttons === null || typeof buttons !== 'object' || Array.isArray(buttons)) {
    problems.push('buttonTitles must be an object');
  } else {
    const known = new Set(Object.keys(current.buttonTitles));
    for (const [id, title] of Object.entries(buttons)) {
      if (!known.has(id)) problems.push(`buttonTitles names an unknown action ${id}`);
      else if (typeof title !== 'string' || title.trim() === '' || title.length > LIMITS.buttonTitle) {
        problems.push(
          `buttonTitles.${id} must be a non-empty string of at most ${LIMITS.buttonTitle} characters`,
        );
      }
    }
    for (const id of known) if (!(id in buttons)) problems.push(`buttonTitles is missing action ${id}`);
  }
  const extra = Object.keys(c).filter(
    (k) =>
      ![
        'metaTitle',
        'metaDescription',
        'metaKeywords',
        'supplementaryContext',
        'buttonTitles',
        'actionUrl',
      ].includes(k),
  );
  if (extra.length > 0) problems.push(`content has unknown members: ${extra.join(', ')}`);
  return problems;
}
