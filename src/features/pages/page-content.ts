/**
 * The one check of a page's content beyond its schema, run by every writer of pages (admin API,
 * CLI, seed) through pages.service.ts. A page the page agent cannot work with would break every
 * audience on it, so it is refused at the door with a 400 naming each bad member:
 * - an action `url` is empty or an absolute http(s) URL (never `javascript:` or a bare word);
 * - action ids are unique and every button title has visible text;
 * - `headerActionId` names one of the page's actions;
 * - every widget logo shows an http(s) `url` or names an asset of the tenant (`assetId`); an
 *   `assetId` that is given must be the tenant's.
 * (`actionIndex` is an integer by the input schema.)
 */
import type { Executor } from '../../db/schema.js';
import { isHttpUrl } from '../../domain/audience-content.js';
import { ApiError, type FieldError } from '../../errors.js';
import { findAsset } from '../assets/assets.repository.js';
import type { Action } from './pages.schemas.js';

type Logo = { image: { url: string; assetId: string } };

export interface PageContent {
  actions?: readonly Action[];
  /** The page's header action after the write (null: none). */
  headerActionId: string | null;
  actionCardWidgets?: readonly { logos: readonly Logo[] }[];
}

/** Every problem of a page's content that needs no lookup, each with the JSON pointer of its member. */
export function pageContentProblems(content: PageContent, storedActions: readonly Action[]): FieldError[] {
  const problems: FieldError[] = [];
  const actions = content.actions ?? storedActions;
  const firstWithId = new Map<string, number>();
  (content.actions ?? []).forEach((action, i) => {
    const at = `/actions/${i}`;
    const first = firstWithId.get(action.actionId);
    if (first === undefined) firstWithId.set(action.actionId, i);
    else {
      problems.push({
        pointer: `${at}/actionId`,
        code: 'invalid_value',
        detail: `actionId "${action.actionId}" is already used by actions/${first}; action ids must be unique`,
      });
    }
    if (action.buttonTitle.trim() === '') {
      problems.push({
        pointer: `${at}/buttonTitle`,
        code: 'too_short',
        detail: 'buttonTitle must not be empty: a button needs visible text',
      });
    }
    if (action.url !== '' && !isHttpUrl(action.url)) {
      problems.push({
        pointer: `${at}/url`,
        code: 'invalid_format',
        detail: `url must be an absolute http(s) URL such as https://example.com/demo (got "${clip(action.url)}")`,
      });
    }
  });
  if (content.headerActionId !== null && !actions.some((a) => a.actionId === content.headerActionId)) {
    problems.push({
      pointer: '/headerActionId',
      code: 'invalid_value',
      detail: `headerActionId "${content.headerActionId}" must name one of the page's actions`,
    });
  }
  eachLogo(content, (logo, at) => {
    const { url, assetId } = logo.image;
    if (url !== '' && !isHttpUrl(url)) {
      problems.push({
        pointer: `${at}/image/url`,
        code: 'invalid_format',
        detail: `url must be an absolute http(s) URL (got "${clip(url)}")`,
      });
    }
    if (url === '' && assetId === '') {
      problems.push({
        pointer: `${at}/image`,
        code: 'required',
        detail: 'a logo needs an http(s) url or the assetId of an asset of this tenant',
      });
    }
  });
  return problems;
}

/**
 * Checks a page's content before it is written; throws a 400 `validation_failed` listing every
 * problem, the unknown asset ids included.
 */
export async function checkPageContent(
  db: Executor,
  tenantId: string,
  content: PageContent,
  storedActions: readonly Action[] = [],
): Promise<void> {
  const problems = pageContentProblems(content, storedActions);
  const named: { at: string; assetId: string }[] = [];
  eachLogo(content, (logo, at) => {
    if (logo.image.assetId !== '') named.push({ at, assetId: logo.image.assetId });
  });
  const known = new Map<string, boolean>();
  for (const { assetId } of named) {
    if (!known.has(assetId)) {
      const asset = await findAsset(db, tenantId, assetId);
      known.set(assetId, asset !== undefined && asset.lifecycle_state !== 'deleted');
    }
  }
  for (const { at, assetId } of named) {
    if (!known.get(assetId)) {
      problems.push({
        pointer: `${at}/image/assetId`,
        code: 'invalid_value',
        detail: `assetId "${clip(assetId)}" is not an asset of this tenant`,
      });
    }
  }
  if (problems.length > 0) {
    throw new ApiError(
      'validation_failed',
      problems.map((p) => `${p.pointer?.slice(1)}: ${p.detail}`).join('; '),
      problems,
    );
  }
}

function eachLogo(content: PageContent, visit: (logo: Logo, pointer: string) => void): void {
  for (const [w, widget] of (content.actionCardWidgets ?? []).entries()) {
    for (const [l, logo] of widget.logos.entries()) visit(logo, `/actionCardWidgets/${w}/logos/${l}`);
  }
}

function clip(value: string): string {
  return value.length > 80 ? `${value.slice(0, 79)}…` : value;
}
