/**
 * Reads one request (a segment of a message, see builtin-split.ts) into an edit the built-in agent
 * can apply, or says why it cannot. Recognised phrasings are listed in docs/agent.md; each pattern
 * below is one family of them.
 */

import {
  type AudienceContent,
  buttonField,
  buttonTitleOf,
  type ContentField,
} from '../domain/audience-content.js';
import { type ButtonContext, resolveButton } from './builtin-buttons.js';
import { readList, readValue } from './builtin-split.js';
import { parseUrlRequest } from './builtin-url.js';

/** What a computed edit gives: the new content, why it cannot be made, or that it is made already. */
export type ComputeOutcome = { content: AudienceContent } | { problem: string } | { already: string };

export type Edit =
  | { kind: 'set'; field: ContentField; value: string }
  | { kind: 'addKeywords'; keywords: string[] }
  | { kind: 'removeKeywords'; keywords: string[] }
  | { kind: 'appendContext'; text: string }
  | { kind: 'redraft' }
  /** "replace X with Y": a keyword, or text inside the title, description or context. */
  | { kind: 'replace'; find: string; replacement: string; field: ReplaceField | null }
  /** An edit computed from the content it applies to (shorten, mention, undo...; builtin-understand.ts). */
  | { kind: 'compute'; label: string; apply: (content: AudienceContent) => ComputeOutcome };

export type ReplaceField =
  | 'metaTitle'
  | 'metaDescription'
  | 'supplementaryContext'
  | 'metaKeywords'
  | 'headline'
  | 'subheadline';

export type Parsed =
  | { status: 'edit'; text: string; edit: Edit }
  | { status: 'problem'; text: string; problem: string }
  | { status: 'unknown'; text: string }
  | { status: 'chatter'; text: string }
  /** A question, answered from the content and the audience; it changes nothing. */
  | { status: 'answer'; text: string; answer: string }
  /** Something the built-in agent cannot do, said in one sentence with what would make it possible. */
  | { status: 'decline'; text: string; reason: string };

const TITLE = String.raw`(?:meta\s+|page\s+|seo\s+)?title`;
/** The hosted page's hero: "the headline", "the hero headline"; "the subheadline", "the subtitle". */
const HEADLINE = String.raw`(?:hero\s+|main\s+|page\s+)?headline`;
const SUBHEADLINE = String.raw`(?:hero\s+)?(?:sub-?\s?headline|sub-?\s?heading|subtitle|tagline)`;
const DESC = String.raw`(?:meta\s+|page\s+|seo\s+)?desc(?:ription)?`;
const KW = String.raw`(?:meta\s+|seo\s+)?(?:keywords?|tags?)`;
const CTX = String.raw`(?:supplementary\s+|additional\s+)?context`;
const URL_FIELD = String.raw`(?:(?:primary\s+)?(?:action|button|cta)(?:'s)?\s+)?(?:url|link|destination|target)`;
const SET_VERB = '(?:set|change|update|make|replace|rewrite|edit|modify|rename)';
/** Between a field and its new value: "to", "to be", "as", ":", "=" ... */
const TO = String.raw`\s*(?:to\s+(?:be|read|say)\s*:?\s*|to\s*:?\s*|as\s*:?\s*|into\s+|with\s*:?\s*|=\s*|:\s*)`;
const IS = String.raw`\s*(?::|=|->|→|\s+should\s+be\s*:?|\s+must\s+be\s*:?|\s+will\s+be\s*:?|\s+is\s+)\s*`;
const BTN = String.raw`(?:button|cta|call[-\s]to[-\s]action)`;
const BTN_PART = String.raw`(?:\s+(?:title|text|label|copy|caption|wording))?`;
const RENAME = '(?:rename|relabel|retitle|change|set|update|make|edit)';

const re = (source: string) => new RegExp(`^${source}$`, 'is');
/** Ends a pattern whose last word is a field name: "... as the action URL." */
const END = String.raw`\s*[.!]?`;

/** The three ways of naming a field's new value: "set F to V", "F: V", "use V as F". */
function setPatterns(field: string): RegExp[] {
  return [
    re(String.raw`${SET_VERB}\s+(?:the\s+)?${field}(?:\s+of\s+(?:the|this)\s+page)?${TO}(?<value>.+)`),
    re(String.raw`(?:the\s+)?(?:new\s+)?${field}${IS}(?<value>.+)`),
    re(String.raw`use\s+(?<value>.+?)\s+(?:as|for)\s+(?:the\s+)?(?:new\s+)?${field}${END}`),
  ];
}

const SIMPLE_SETTERS: { field: ContentField; patterns: RegExp[]; keepPeriod: boolean }[] = [
  { field: 'metaTitle', patterns: setPatterns(TITLE), keepPeriod: false },
  { field: 'headline', patterns: setPatterns(HEADLINE), keepPeriod: false },
  { field: 'subheadline', patterns: setPatterns(SUBHEADLINE), keepPeriod: true },
  { field: 'metaDescription', patterns: setPatterns(DESC), keepPeriod: true },
  { field: 'supplementaryContext', patterns: setPatterns(CTX), keepPeriod: true },
  {
    field: 'actionUrl',
    // "point … at URL" and URLs of a named button are read by builtin-url.ts.
    patterns: setPatterns(URL_FIELD),
    keepPeriod: false,
  },
];

const KEYWORD_SET = setPatterns(KW);
const KEYWORD_ADD = [
  re(String.raw`(?:add|include|append)\s+(?:the\s+|a\s+|new\s+)?${KW}\s*:?\s*(?<list>.+)`),
  re(
    String.raw`(?:add|include|append)\s+(?<list>.+?)\s+(?:to|into)\s+(?:the\s+)?(?:list\s+of\s+)?${KW}(?:\s+list)?${END}`,
  ),
  re(String.raw`(?:add|include|append)\s+(?<list>.+?)\s+as\s+(?:a\s+|new\s+|another\s+)*${KW}${END}`),
];
const KEYWORD_REMOVE = [
  re(String.raw`(?:remove|delete|drop|exclude)\s+(?:the\s+)?${KW}\s*:?\s*(?<list>.+)`),
  re(
    String.raw`(?:remove|delete|drop|take)\s+(?<list>.+?)\s+(?:out\s+)?(?:from|of)\s+(?:the\s+)?${KW}(?:\s+list)?${END}`,
  ),
];
const KEYWORD_CLEAR = re(
  String.raw`(?:clear|remove|delete|drop|empty)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?${KW}${END}`,
);
const CONTEXT_APPEND = [
  re(String.raw`(?:add|append)\s+to\s+(?:the\s+)?${CTX}\s*:?\s*(?<value>.+)`),
  re(String.raw`(?:add|append)\s+(?<value>.+?)\s+to\s+(?:the\s+)?${CTX}${END}`),
];
const CONTEXT_CLEAR = re(String.raw`(?:clear|remove|delete|empty)\s+(?:the\s+)?${CTX}${END}`);
const SUBHEADLINE_CLEAR = re(String.raw`(?:clear|remove|delete|drop)\s+(?:the\s+)?${SUBHEADLINE}${END}`);
const REDRAFT = re(
  String.raw`(?:redraft|regenerate|re-?personali[sz]e|refresh|start\s+over|personali[sz]e)(?:\s+(?:it|this|the\s+page|the\s+version|the\s+draft|again|from\s+scratch))*${END}`,
);
const CHATTER = re(
  String.raw`(?:hi|hello|hey|thanks|thank\s+you|cheers|great|perfect|ok(?:ay)?|nice|awesome|looks\s+good|good\s+job|well\s+done)(?:[\s,!.]+\w+){0,3}[\s!.]*`,
);

const REPLACE = re(
  String.raw`(?:(?:replace|swap|substitute)\s+(?<find>.+?)\s+(?:with|by|for)|(?:change|turn|switch)\s+(?<quoted>"[^"]+"|“[^”]+”)\s+(?:to|into|for))\s+(?<replacement>.+?)(?:\s+in\s+(?:the\s+)?(?<where>(?:meta\s+|page\s+|hero\s+)?(?:title|sub-?\s?headline|subtitle|headline|description|keywords?|(?:supplementary\s+)?context)))?${END}`,
);
/** A field named as what to swap ("swap the headline for …"). */
const NAMED_FIELD: [RegExp, ContentField][] = [
  [/^(?:the\s+)?(?:sub-?\s?headline|subtitle|sub\s+heading)$/i, 'subheadline'],
  [/^(?:the\s+)?(?:hero\s+|main\s+)?(?:headline|heading)$/i, 'headline'],
  [/^(?:the\s+)?(?:meta\s+|page\s+)?title$/i, 'metaTitle'],
  [/^(?:the\s+)?(?:meta\s+)?description$/i, 'metaDescription'],
];

// Read in order: "subheadline" and "subtitle" contain "headline" and "title".
const REPLACE_FIELDS: [string, ReplaceField][] = [
  ['sub', 'subheadline'],
  ['headline', 'headline'],
  ['title', 'metaTitle'],
  ['description', 'metaDescription'],
  ['keyword', 'metaKeywords'],
  ['context', 'supplementaryContext'],
];

const BUTTON_REF_FIRST = re(
  String.raw`${RENAME}\s+(?:the\s+)?(?<ref>.+?)\s+${BTN}(?:'s)?${BTN_PART}\s+(?:to\s+(?:say\s+|read\s+)?|as\s+|into\s+|:\s*)(?<value>.+)`,
);
const BUTTON_REF_AFTER = re(
  String.raw`${RENAME}\s+(?:the\s+)?${BTN}${BTN_PART}(?:\s+(?:of|for|on))?\s+(?<rest>.+)`,
);
const BUTTON_COLON = re(
  String.raw`(?:the\s+)?${BTN}\s*(?<ref>#?\d+|(?!title\b|text\b|label\b)[\w-]+)?${BTN_PART}${IS}(?<value>.+)`,
);
const SELECTED = re(
  String.raw`${RENAME}\s+(?:this|it|that|the\s+selected\s+(?:element|button|field))(?:\s+${BTN})?${BTN_PART}\s+(?:to\s+(?:say\s+|read\s+)?|as\s+|into\s+|say\s+|read\s+|:\s*)(?<value>.+)`,
);

export function parseRequest(
  text: string,
  buttons: ButtonContext,
  selectedField: ContentField | null,
): Parsed {
  const edit = (e: Edit): Parsed => ({ status: 'edit', text, edit: e });
  const problem = (p: string): Parsed => ({ status: 'problem', text, problem: p });

  if (CHATTER.test(text)) return { status: 'chatter', text };
  if (REDRAFT.test(text)) return edit({ kind: 'redraft' });

  const selected = text.match(SELECTED);
  if (selected?.groups) {
    const value = readValue(selected.groups.value!);
    if (selectedField)
      return edit({ kind: 'set', field: selectedField, value: setValue(selectedField, value) });
    const button = resolveButton('', buttons);
    return 'problem' in button ? problem(button.problem) : edit(buttonEdit(button.actionId, value));
  }

  const url = parseUrlRequest(text, buttons);
  if (url)
    return 'problem' in url
      ? problem(url.problem)
      : edit({ kind: 'set', field: 'actionUrl', value: url.actionUrl });

  const buttonParsed = parseButton(text, buttons);
  if (buttonParsed) return buttonParsed.problem ? problem(buttonParsed.problem) : edit(buttonParsed.edit!);

  if (KEYWORD_CLEAR.test(text)) return edit({ kind: 'set', field: 'metaKeywords', value: '' });
  for (const pattern of KEYWORD_ADD) {
    const m = text.match(pattern);
    if (m?.groups) return edit({ kind: 'addKeywords', keywords: readList(m.groups.list!) });
  }
  for (const pattern of KEYWORD_REMOVE) {
    const m = text.match(pattern);
    if (m?.groups) return edit({ kind: 'removeKeywords', keywords: readList(m.groups.list!) });
  }
  for (const pattern of KEYWORD_SET) {
    const m = text.match(pattern);
    if (m?.groups)
      return edit({ kind: 'set', field: 'metaKeywords', value: readList(m.groups.value!).join(', ') });
  }

  if (CONTEXT_CLEAR.test(text)) return edit({ kind: 'set', field: 'supplementaryContext', value: '' });
  if (SUBHEADLINE_CLEAR.test(text)) return edit({ kind: 'set', field: 'subheadline', value: '' });
  for (const pattern of CONTEXT_APPEND) {
    const m = text.match(pattern);
    if (m?.groups) return edit({ kind: 'appendContext', text: readValue(m.groups.value!, true) });
  }

  for (const setter of SIMPLE_SETTERS) {
    for (const pattern of setter.patterns) {
      const m = text.match(pattern);
      if (m?.groups)
        return edit({
          kind: 'set',
          field: setter.field,
          value: readValue(m.groups.value!, setter.keepPeriod),
        });
    }
  }
  const replace = text.match(REPLACE);
  if (replace?.groups) {
    const find = readValue((replace.groups.find ?? replace.groups.quoted)!);
    // "swap the headline for X": a field named, not a text to find in one.
    const named = NAMED_FIELD.find(([pattern]) => pattern.test(find))?.[1];
    if (named !== undefined && replace.groups.where === undefined)
      return edit({ kind: 'set', field: named, value: readValue(replace.groups.replacement!, true) });
    const replacement = readValue(replace.groups.replacement!, true);
    const where = replace.groups.where?.toLowerCase() ?? null;
    const field =
      where === null ? null : (REPLACE_FIELDS.find(([word]) => where.includes(word))?.[1] ?? null);
    // "replace "Book a demo" with "Talk to us"": the text of a button is renamed like a button.
    const button = field === null ? exactButton(find, buttons) : null;
    if (button) return edit(buttonEdit(button, readValue(replace.groups.replacement!)));
    return edit({ kind: 'replace', find, replacement, field });
  }
  return { status: 'unknown', text };
}

/** The button whose current title is exactly `text` (any case), if one is. */
function exactButton(text: string, buttons: ButtonContext): string | null {
  const lower = text.toLowerCase();
  const matches = buttons.page.actions.filter(
    (a) => buttonTitleOf(buttons.content, buttons.page, a.actionId).toLowerCase() === lower,
  );
  return matches.length === 1 ? matches[0]!.actionId : null;
}

function setValue(field: ContentField, value: string): string {
  return field === 'metaKeywords' ? readList(value).join(', ') : value;
}

function buttonEdit(actionId: string, value: string): Edit {
  return { kind: 'set', field: buttonField(actionId), value };
}

/** Button renames: "rename the "Book a demo" button to X", "change the button "Pricing" to X", "button 2: X". */
function parseButton(text: string, buttons: ButtonContext): { edit?: Edit; problem?: string } | null {
  const first = text.match(BUTTON_REF_FIRST);
  if (first?.groups) {
    const target = resolveButton(first.groups.ref!, buttons);
    if (!('problem' in target)) return { edit: buttonEdit(target.actionId, readValue(first.groups.value!)) };
  }
  const after = text.match(BUTTON_REF_AFTER);
  if (after?.groups) {
    // "Talk to us to Contact": try each "to"/"as" as the divider until the left side names a button.
    const rest = after.groups.rest!;
    const dividers = [...rest.matchAll(/(?:^|\s)(?:to(?:\s+say|\s+read)?|as|into|say|read)\s+|:\s*/gi)];
    let lastProblem: string | null = null;
    for (const d of dividers) {
      const ref = rest.slice(0, d.index).trim();
      const value = rest.slice(d.index! + d[0].length);
      if (value.trim() === '' || /^(?:url|link|destination|target|address)$/i.test(ref)) continue;
      const target = resolveButton(ref, buttons);
      if ('problem' in target) {
        lastProblem ??= target.problem;
        continue;
      }
      return { edit: buttonEdit(target.actionId, readValue(value)) };
    }
    if (lastProblem) return { problem: lastProblem };
  }
  const colon = text.match(BUTTON_COLON);
  if (colon?.groups) {
    const target = resolveButton(colon.groups.ref ?? '', buttons);
    return 'problem' in target
      ? { problem: target.problem }
      : { edit: buttonEdit(target.actionId, readValue(colon.groups.value!)) };
  }
  if (first?.groups) {
    const target = resolveButton(first.groups.ref!, buttons);
    if ('problem' in target) return { problem: target.problem };
  }
  return null;
}

/** The field a selected element names, when it names one of the content fields rather than a button. */
export function selectedFieldOf(selected: Record<string, unknown> | null, isField: (f: string) => boolean) {
  if (!selected) return null;
  for (const key of ['field', 'contentField', 'name', 'type']) {
    const value = selected[key];
    if (typeof value !== 'string') continue;
    const alias = FIELD_ALIASES[value.toLowerCase()] ?? value;
    if (isField(alias) && !alias.startsWith('buttonTitle:')) return alias as ContentField;
  }
  return null;
}

const FIELD_ALIASES: Record<string, string> = {
  title: 'metaTitle',
  metatitle: 'metaTitle',
  description: 'metaDescription',
  metadescription: 'metaDescription',
  keywords: 'metaKeywords',
  metakeywords: 'metaKeywords',
  context: 'supplementaryContext',
  supplementarycontext: 'supplementaryContext',
  actionurl: 'actionUrl',
  url: 'actionUrl',
  headline: 'headline',
  subheadline: 'subheadline',
  subtitle: 'subheadline',
};
