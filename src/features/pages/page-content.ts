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
import {
  type FormBlock,
  HERO_ALWAYS_SHOWN,
  type ImageRef,
  type PageBlock,
} from '../../domain/page-blocks.js';
import { ApiError, type FieldError } from '../../errors.js';
import { findAsset } from '../assets/assets.repository.js';
import type { Action } from './pages.schemas.js';

type Logo = { image: { url: string; assetId: string } };

export interface PageContent {
  actions?: readonly Action[];
  /** The page's header action after the write (null: none). */
  headerActionId: string | null;
  actionCardWidgets?: readonly { logos: readonly Logo[] }[];
  /** The body's blocks after the write (undefined: the body is not written). */
  blocks?: readonly PageBlock[];
  /** The stored body's blocks, when the write changes the actions and not the body: their banners are checked. */
  storedBlocks?: readonly PageBlock[];
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
  problems.push(...blockProblems(content.blocks ?? [], actions));
  if (content.blocks === undefined && content.actions !== undefined) {
    (content.storedBlocks ?? []).forEach((block, i) => {
      problems.push(...bannerProblems(block, `/body/blocks/${i}`, actions));
    });
  }
  return problems;
}

/**
 * The blocks' rules beyond their schema: ids unique, one hero at most (always shown: no rule or
 * group), every image with a source (an http(s) url, a file or an asset), links http(s),
 * call-to-action banners naming the page's actions, and at most one `default` per group. A group
 * needs no default: when no rule holds it shows its first block without a rule, and a group with
 * neither shows nothing (an alternative only for some audiences, page-blocks.ts selectBlocks).
 */
function blockProblems(blocks: readonly PageBlock[], actions: readonly Action[]): FieldError[] {
  const problems: FieldError[] = [];
  const firstWithId = new Map<string, number>();
  let hero: number | null = null;
  blocks.forEach((block, i) => {
    const at = `/body/blocks/${i}`;
    const first = firstWithId.get(block.blockId);
    if (first === undefined) firstWithId.set(block.blockId, i);
    else {
      problems.push({
        pointer: `${at}/blockId`,
        code: 'invalid_value',
        detail: `blockId "${block.blockId}" is already used by body/blocks/${first}; block ids must be unique`,
      });
    }
    if (block.type === 'hero') {
      if (hero !== null) {
        problems.push({
          pointer: `${at}/type`,
          code: 'invalid_value',
          detail: `a page has one hero at most (body/blocks/${hero} is one)`,
        });
      } else hero = i;
      for (const member of ['showWhen', 'group', 'default'] as const) {
        if (block[member] !== undefined) {
          problems.push({
            pointer: `${at}/${member}`,
            code: 'invalid_value',
            detail: `the hero is always shown (${HERO_ALWAYS_SHOWN}): it takes no ${member}`,
          });
        }
      }
    }
    for (const { path, image } of imagesOf(block)) {
      const sources = [image.url, image.fileId, image.assetId].filter((v) => v !== undefined).length;
      if (sources !== 1) {
        problems.push({
          pointer: `${at}/${path}`,
          code: sources === 0 ? 'required' : 'invalid_value',
          detail: 'an image needs exactly one of url (http(s)), fileId or assetId',
        });
      } else if (image.url !== undefined && !isHttpUrl(image.url)) {
        problems.push({
          pointer: `${at}/${path}/url`,
          code: 'invalid_format',
          detail: `url must be an absolute http(s) URL (got "${clip(image.url)}")`,
        });
      }
    }
    if (block.type === 'caseStudy' && block.link !== undefined && !isHttpUrl(block.link.url)) {
      problems.push({
        pointer: `${at}/link/url`,
        code: 'invalid_format',
        detail: `url must be an absolute http(s) URL (got "${clip(block.link.url)}")`,
      });
    }
    problems.push(...bannerProblems(block, at, actions));
    if (block.type === 'form') problems.push(...formProblems(block, at));
  });
  const groups = new Map<string, number[]>();
  blocks.forEach((b, i) => {
    if (b.group !== undefined) groups.set(b.group, [...(groups.get(b.group) ?? []), i]);
  });
  for (const [group, members] of groups) {
    const defaults = members.filter((i) => blocks[i]!.default === true);
    if (defaults.length > 1) {
      problems.push({
        pointer: `/body/blocks/${defaults[1]}/default`,
        code: 'invalid_value',
        detail: `group "${group}" has more than one default block (body/blocks/${defaults[0]} is one)`,
      });
    }
  }
  return problems;
}

/**
 * A call-to-action banner's actions: each it names one of the page's, and a banner naming none
 * (it shows the primary action) needs the page to have one. Run on the body written and, when only
 * the actions change, on the stored body: either way a banner never names an action the page lacks.
 */
function bannerProblems(block: PageBlock, at: string, actions: readonly Action[]): FieldError[] {
  if (block.type !== 'ctaBanner') return [];
  const problems: FieldError[] = [];
  (block.actionIds ?? []).forEach((id, a) => {
    if (!actions.some((action) => action.actionId === id)) {
      problems.push({
        pointer: `${at}/actionIds/${a}`,
        code: 'invalid_value',
        detail: `actionIds/${a} "${clip(id)}" must name one of the page's actions`,
      });
    }
  });
  if ((block.actionIds ?? []).length === 0 && actions.length === 0) {
    problems.push({
      pointer: `${at}`,
      code: 'invalid_value',
      detail: "a ctaBanner shows the page's actions: the page has none",
    });
  }
  return problems;
}

/**
 * A form's rules beyond its schema: one `email` field, each field kind once, a `choice` with its
 * kind (a select with options), a redirect URL that is absolute http(s) like action URLs.
 */
function formProblems(block: FormBlock, at: string): FieldError[] {
  const problems: FieldError[] = [];
  const seen = new Map<string, number>();
  block.fields.forEach((field, f) => {
    const first = seen.get(field.field);
    if (first !== undefined) {
      problems.push({
        pointer: `${at}/fields/${f}/field`,
        code: 'invalid_value',
        detail: `field "${field.field}" is already asked by fields/${first}; each field is asked once`,
      });
    } else seen.set(field.field, f);
    if (field.field === 'choice') {
      if (field.kind === undefined) {
        problems.push({
          pointer: `${at}/fields/${f}/kind`,
          code: 'required',
          detail: 'a choice field needs a kind: select or checkbox',
        });
      } else if (field.kind === 'select' && (field.options ?? []).length === 0) {
        problems.push({
          pointer: `${at}/fields/${f}/options`,
          code: 'required',
          detail: 'a select needs at least one option',
        });
      }
    } else if (field.kind !== undefined || field.options !== undefined) {
      problems.push({
        pointer: `${at}/fields/${f}/${field.kind !== undefined ? 'kind' : 'options'}`,
        code: 'invalid_value',
        detail: 'only a choice field has a kind and options',
      });
    }
  });
  if (!seen.has('email')) {
    problems.push({
      pointer: `${at}/fields`,
      code: 'required',
      detail: 'a form always asks for the email: add a field "email"',
    });
  }
  if (block.redirectUrl !== undefined && !isHttpUrl(block.redirectUrl)) {
    problems.push({
      pointer: `${at}/redirectUrl`,
      code: 'invalid_format',
      detail: `redirectUrl must be an absolute http(s) URL such as https://example.com/thanks (got "${clip(block.redirectUrl)}")`,
    });
  }
  if (block.consentRequired !== undefined && block.consentText === undefined) {
    problems.push({
      pointer: `${at}/consentRequired`,
      code: 'invalid_value',
      detail: 'consentRequired needs a consentText: the checkbox shows it',
    });
  }
  return problems;
}

/** The images a block shows, each with its path inside the block. */
function imagesOf(block: PageBlock): { path: string; image: ImageRef }[] {
  const found: { path: string; image: ImageRef }[] = [];
  const add = (path: string, image: ImageRef | undefined) => {
    if (image !== undefined) found.push({ path, image });
  };
  switch (block.type) {
    case 'hero':
    case 'richText':
      add('image', block.image);
      break;
    case 'image':
      add('image', block.image);
      break;
    case 'logos':
      for (const [i, l] of block.logos.entries()) add(`logos/${i}/image`, l.image);
      break;
    case 'features':
      for (const [i, item] of block.items.entries()) add(`items/${i}/image`, item.image);
      break;
    case 'testimonial':
      add('photo', block.photo);
      break;
    case 'caseStudy':
      add('logo', block.logo);
      break;
    case 'video':
      add('poster', block.poster);
      break;
  }
  return found;
}

/** Every asset a page's blocks name, with the pointer of its member. */
export function blockAssets(blocks: readonly PageBlock[]): { at: string; assetId: string }[] {
  return blocks.flatMap((block, i) =>
    imagesOf(block).flatMap(({ path, image }) =>
      image.assetId === undefined ? [] : [{ at: `/body/blocks/${i}/${path}`, assetId: image.assetId }],
    ),
  );
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
    if (logo.image.assetId !== '') named.push({ at: `${at}/image`, assetId: logo.image.assetId });
  });
  named.push(...blockAssets(content.blocks ?? []));
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
        pointer: `${at}/assetId`,
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
