/**
 * The requests the built-in agent reads beyond explicit "set F to V" (builtin-parse.ts): questions,
 * going back to the original or undoing the last version, shortening and lengthening, mentioning
 * the person, company or a trait, adding to or removing from a text, reordering keywords, the
 * natural ways of naming a button's text, and what it cannot do (said plainly, in one sentence,
 * with what would make it possible and the closest thing it can do).
 */
import {
  type AudienceContent,
  BUTTON_FIELD_PREFIX,
  buttonField,
  type ContentField,
  dedupeKeywords,
  fieldLabel,
  fieldProblem,
  fieldValue,
  withField,
} from '../domain/audience-content.js';
import { blockAnswer } from './builtin-block-questions.js';
import { blockEdit } from './builtin-blocks.js';
import { type ButtonContext, resolveButton } from './builtin-buttons.js';
import { allButtonFields, FIELD_PHRASE, fieldIn, originalContent } from './builtin-fields.js';
import type { ComputeOutcome, Edit, Parsed } from './builtin-parse.js';
import { answerQuestion, INDUSTRY_KEYS, isQuestion, ROLE_KEYS, trait } from './builtin-questions.js';
import { readList, readValue } from './builtin-split.js';
import { q } from './builtin-text.js';
import { append, lengthen, mention, remove, sentencesOf, shorten } from './builtin-transform.js';
import { unsupportedClaims } from './grounding.js';
import type { AgentInput } from './page-agent.js';

export const NEEDS_MODEL =
  'needs a language model: run Quire with AGENT=openai and a model (OPENAI_BASE_URL, OPENAI_MODEL)';

export interface UnderstandContext {
  input: AgentInput;
  buttons: ButtonContext;
  /** The field the editor's selection names, else the one an earlier request of the message named. */
  itField: ContentField | null;
  /** The block an earlier request of the message named ("… and change its title"). */
  itBlock?: string | null;
}

const re = (source: string) => new RegExp(`^${source}$`, 'is');
const F = `(?<field>${FIELD_PHRASE})`;
const TAIL = String.raw`(?:\s+(?:please|too|as\s+well|instead|for\s+me))*\s*[.!]?`;
const NUM_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};
const num = (word: string) => NUM_WORDS[word.toLowerCase()] ?? Number(word);

/** What no agent of Quire can do, and what it can do instead. */
const CANNOT: [RegExp, string][] = [
  [
    /\blogos?\b/i,
    "I can't add logos or a logo section: a version changes the page's text (title, headline, subheadline, description, keywords, button titles and the primary button's link), not its layout or images",
  ],
  [
    /\b(?:fonts?|typeface|colou?rs?|background|bold|italic|layout|css|styles?)\b/i,
    "I can't change fonts, colours or layout: those belong to the page's design, which an operator edits; I change the page's words and the primary button's link",
  ],
  [
    /\b(?:videos?|images?|pictures?|photos?|screenshots?|gifs?|upload)\b/i,
    "I can't add or upload images or videos: a version changes the page's text and the primary button's link; an operator adds media to the page",
  ],
  [
    /\be-?mail\s+(?:this|it|the\s+page)\b|\bsend\s+(?:this|the)\s+page\s+to\b/i,
    "I can't send emails: I edit this audience's version of the page; once it is published, share its link yourself",
  ],
  [
    /^(?:publish|go\s+live|make\s+it\s+live|ship\s+it)\b/i,
    "I can't publish: publishing a version is yours to do in the console (or the API) once you are happy with the draft",
  ],
  [
    /\ba\/?b\s+test|\bsplit\s+test|\bexperiment\b/i,
    "I can't run A/B tests: each audience has one version at a time; create a second audience to compare two headlines",
  ],
  [
    /\b(?:add|create|new|another|third|extra)\b.*\bbuttons?\b.*\b(?:add|link|to|for|with)?|\b(?:delete|remove|hide)\s+(?:the\s+)?.*\bbuttons?\b/i,
    "I can't add or remove buttons: the page's buttons are the operator's; I can rename them or point the primary one elsewhere",
  ],
  [
    /\b(?:move|reorder|order|swap|show)\b.*\bbuttons?\b.*\b(?:before|after|first|last|order)\b/i,
    "I can't reorder the buttons: their order is the page's, which an operator changes; I can rename them or point the primary one elsewhere",
  ],
  [
    /\btestimonials?\b|\bquotes?\s+from\b|\bcase\s+stud(?:y|ies)\b|\breviews?\s+from\b/i,
    "I can't add a testimonial: I won't attribute words to anyone that Quire has no record of; add the quote as a topic entry, and a model agent can use it",
  ],
  [
    // New parts of the page: "add a pricing table below the hero", "put a countdown timer on the page".
    /\b(?:add|put|insert|include|embed|place|show)\s+(?:a|an|some)\s+(?!(?:keyword|sentence|line|word|phrase|mention|note)s?\b)[\w\s-]{1,40}?\s+(?:(?:to|on|in|onto|into)\s+(?:the\s+)?(?:page|hero|footer|header|sidebar|landing\s+page)|(?:below|above|under|beneath|after|before)\s+(?:the\s+)?(?:hero|headline|subheadline|page|fold|buttons?)|at\s+the\s+(?:top|bottom))\b/i,
    "I can't add new parts to the page (a section, a table, a timer, a form): a version changes the page's text (title, headline, subheadline, description, keywords, button titles) and the primary button's link; an operator adds blocks to the page",
  ],
  [
    /\btranslat(?:e|ion)\b|\bin\s+(?:german|french|spanish|italian|dutch|japanese|chinese)\b/i,
    `I can't translate the page: translation ${NEEDS_MODEL}; without one I can set the translated text you write, field by field`,
  ],
];

/** Tone, rewriting, retargeting: only a model can do these well. */
const MODEL_ONLY =
  /\b(?:tone|formal|casual|punch(?:y|ier)|exciting|friendl(?:y|ier)|salesy|playful|urgent|confident|technical|professional|sound(?:s)?|rewrite|reword|rephrase|improve|better|catchier|snappier|persuasive|compelling|retarget|aim|pitch|speak\s+to|adapt|tailor|audience\s+of|rather\s+than|instead\s+of|more\s+\w+|less\s+\w+)\b/i;
const RETARGET =
  /\b(?:retarget|aim|pitch|speak\s+to|adapt|tailor|audience\s+of|rather\s+than|instead\s+of|for\s+an?\s+)\b/i;

function compute(label: string, apply: (content: AudienceContent) => ComputeOutcome): Edit {
  return { kind: 'compute', label, apply };
}
/** A description grown past its bound loses whole sentences from its end (never the first). */
function fitted(field: ContentField, value: string, keep: string): string {
  if (field !== 'metaDescription' || value.length <= 160) return value;
  const sentences = sentencesOf(value);
  while (sentences.length > 1 && sentences.join(' ').length > 160) {
    const drop = [...sentences.keys()]
      .reverse()
      .find((i) => i > 0 && !sentences[i]!.toLowerCase().includes(keep.toLowerCase()));
    if (drop === undefined) break;
    sentences.splice(drop, 1);
  }
  return sentences.join(' ');
}

function setField(
  input: AgentInput,
  content: AudienceContent,
  field: ContentField,
  value: string,
): ComputeOutcome {
  if (fieldValue(content, input.page, field) === value)
    return { already: `${fieldLabel(field)} already reads ${q(value)}` };
  const problem = fieldProblem(input.page, field, value);
  return problem ? { problem } : { content: withField(content, input.page, field, value) };
}

/** Reads one request; null when it is none of these (builtin-parse.ts reads it next). */
export function understand(text: string, raw: string, ctx: UnderstandContext): Parsed | null {
  const { input } = ctx;
  const edit = (e: Edit): Parsed => ({ status: 'edit', text, edit: e });
  const decline = (reason: string): Parsed => ({ status: 'decline', text, reason });

  if (isQuestion(raw) && !/^(?:what\s+if|how\s+about)\b/i.test(raw.trim()))
    return {
      status: 'answer',
      text,
      answer: blockAnswer(text, input) ?? answerQuestion(text, input, ctx.buttons),
    };

  // A block of this page named by its kind or id ("hide the video") is an edit, not a refusal below.
  const block = blockEdit(
    text,
    input,
    edit,
    (problem) => ({ status: 'problem', text, problem }),
    ctx.itBlock ?? null,
  );
  if (block) return block;
  for (const [pattern, reason] of CANNOT) if (pattern.test(text)) return decline(`${reason}.`);
  // A figure nobody gave me is not something I will claim ("say customers grew 40%").
  const claims = unsupportedClaims(
    { ...input, request: null },
    { ...input.current, supplementaryContext: `${input.current.supplementaryContext} ${text}` },
  ).filter((c) => /\d/.test(c));
  if (claims.length > 0 && /^(?:say|claim|state|tell\s+them)\b|\b(?:say|claim|state)\s+that\b/i.test(text))
    return decline(
      `I won't claim ${claims.map(q).join(', ')}: nothing Quire knows about this page or audience supports it. If it is true, add it as a topic entry and ask again, or write the exact sentence yourself with "set the subheadline to …".`,
    );

  const keyword = keywordFollowUp(text, ctx);
  if (keyword) return edit(keyword);
  return (
    reorder(text, ctx, edit, decline) ??
    backToOriginal(text, ctx, edit) ??
    resize(text, ctx, edit, decline) ??
    mentionOf(text, ctx, edit, decline) ??
    addOrRemove(text, ctx, edit) ??
    buttonText(text, ctx, edit) ??
    setText(text, ctx, edit) ??
    modelOnly(text, ctx, decline)
  );
}

type Make = (e: Edit) => Parsed;
type Decline = (reason: string) => Parsed;

/** "drop the pricing keyword"; "remove analytics" or "add "x"" right after a keyword request. */
function keywordFollowUp(text: string, ctx: UnderstandContext): Edit | null {
  const named = text.match(
    /^(?:remove|drop|delete)\s+the\s+(?<kw>["“]?[\w&-]+["”]?)\s+(?:keyword|tag)\s*[.!]?$/i,
  );
  if (named?.groups) return { kind: 'removeKeywords', keywords: [readValue(named.groups.kw!)] };
  if (ctx.itField !== 'metaKeywords' || fieldIn(text) !== null) return null;
  const bare = text.match(/^(?<verb>add|include|remove|drop|delete)\s+(?<list>.+?)\s*[.!]?$/i);
  if (!bare?.groups) return null;
  const keywords = readList(bare.groups.list!);
  return /^(?:add|include)$/i.test(bare.groups.verb!)
    ? { kind: 'addKeywords', keywords }
    : { kind: 'removeKeywords', keywords };
}

function reorder(text: string, ctx: UnderstandContext, edit: Make, _decline: Decline): Parsed | null {
  const { input } = ctx;
  if (/\bswap\b.*\bheadline\b.*\bsub-?\s?headline|\bswap\b.*\bsub-?\s?headline\b.*\bheadline/i.test(text)) {
    return edit(
      compute('swap the headline and the subheadline', (content) =>
        content.subheadline.trim() === ''
          ? { problem: 'the subheadline is empty, and the headline cannot be' }
          : { content: { ...content, headline: content.subheadline, subheadline: content.headline } },
      ),
    );
  }
  if (/\bsort\b.*\bkeywords?\b.*\balphabetic/i.test(text)) {
    return edit(
      compute('sort the keywords alphabetically', (content) => ({
        content: {
          ...content,
          metaKeywords: [...content.metaKeywords].sort((a, b) =>
            a.localeCompare(b, 'en', { sensitivity: 'base' }),
          ),
        },
      })),
    );
  }
  const move = text.match(
    /^(?:put|move|place)\s+(?<kw>.+?)\s+(?:(?<first>first|to\s+the\s+(?:front|top|start|beginning))|(?<last>last|to\s+the\s+(?:end|bottom)))\s+(?:in|of)\s+(?:the\s+)?(?:list\s+of\s+)?keywords?(?:\s+list)?\s*[.!]?$/i,
  );
  if (move?.groups) {
    const keyword = readValue(move.groups.kw!);
    const first = move.groups.first !== undefined;
    return edit(
      compute(`move ${q(keyword)} to the ${first ? 'front' : 'end'} of the keywords`, (content) => {
        const found = content.metaKeywords.find((k) => k.toLowerCase() === keyword.toLowerCase());
        if (!found) return { problem: `${q(keyword)} is not among the keywords` };
        const rest = content.metaKeywords.filter((k) => k !== found);
        const next = first ? [found, ...rest] : [...rest, found];
        if (next.join() === content.metaKeywords.join())
          return { already: `${q(found)} is already ${first ? 'first' : 'last'} in the keywords` };
        return { content: { ...content, metaKeywords: next } };
      }),
    );
  }
  void input;
  return null;
}

function backToOriginal(text: string, ctx: UnderstandContext, edit: Make): Parsed | null {
  const { input } = ctx;
  const lastOne = String.raw`(?:(?:your|my|the|that)\s+)?(?:last|previous|latest|prior|earlier)\s+(?:\w+\s+)?(?:edit|change|request|version|one)s?`;
  const undo = new RegExp(
    [
      String.raw`^(?:undo|revert|roll\s*back|reverse)\b(?:\s+(?:that|this|it|the\s+last(?:\s+\w+)?(?:\s+change)?|the\s+(?:\w+\s+)?change|${lastOne}|(?:to|back\s+to)\s+${lastOne}|(?:the\s+)?changes?|again|back))*\s*[.!]?$`,
      String.raw`^(?:(?:can|could)\s+(?:we|you)\s+|let's\s+)?(?:go|put\s+it|switch|change\s+it)\s+back(?:\s+to\s+(?:what\s+it\s+was|how\s+it\s+was|the\s+way\s+it\s+was|${lastOne}))?(?:\s+before)?\s*[.!?]?$`,
      String.raw`^(?:restore|bring\s+back|return\s+to|use)\s+${lastOne}\s*[.!]?$`,
      String.raw`^go\s+back\s+(?:one|a)\s+version\s*[.!]?$`,
      String.raw`^undo\s+the\s+\w+\s+change\s*[.!]?$`,
    ].join('|'),
    'i',
  );
  const toOriginal =
    /\b(?:original|page's\s+own|as\s+(?:it\s+was|the\s+page\s+had)|what\s+the\s+page\s+had|how\s+it\s+was|default)\b|^(?:reset|restore|revert)\b|^put\s+.+\s+back\b/i;
  // "Actually, switch back", "undo the last headline change only".
  const bare = text
    .replace(/^(?:actually|ok(?:ay)?|hmm+|no|nah|oops|sorry|wait)\b[,.!]?\s*/i, '')
    .replace(/\s+only(?=\s*[.!]?$)/i, '');
  if (undo.test(bare) && !/\boriginal\b/i.test(bare)) {
    const field = fieldIn(bare.replace(/^\w+/, ''));
    return edit(
      compute('undo the last change', (content) => {
        const last = (input.lastChanges ?? []).filter((c) => field === null || c.field === field);
        if (last.length === 0)
          return {
            already: `there is no earlier change of mine to undo${field ? ` in ${fieldLabel(field)}` : ''}; ask me to go back to the page's original text of a field instead`,
          };
        let next = content;
        for (const change of last) {
          const outcome = setField(input, next, change.field, change.previousValue);
          if ('problem' in outcome) return outcome;
          if ('content' in outcome) next = outcome.content;
        }
        return { content: next };
      }),
    );
  }
  if (
    !toOriginal.test(text) ||
    !/^(?:go|put|reset|restore|revert|undo|back|change|set|bring|use|take)\b/i.test(text)
  )
    return null;
  const original = originalContent(input);
  let fields: ContentField[];
  if (
    /\b(?:everything|all(?:\s+of\s+it)?|the\s+whole\s+(?:page|thing|version)|the\s+page's\s+original)\b/i.test(
      text,
    ) &&
    fieldIn(text) === null
  )
    fields = [
      ...([
        'metaTitle',
        'metaDescription',
        'metaKeywords',
        'supplementaryContext',
        'headline',
        'subheadline',
        'actionUrl',
      ] as ContentField[]),
      ...allButtonFields(input),
    ];
  else if (/\bbuttons\b/i.test(text)) fields = allButtonFields(input);
  else if (/\bbutton|cta\b/i.test(text)) {
    const ref =
      text.match(/(?:for|of|on)\s+the\s+(.+?)\s+(?:button|cta)\b/i)?.[1] ??
      text.match(/\bthe\s+(\w+)\s+(?:button|cta)\b/i)?.[1] ??
      '';
    const found = resolveButton(/^(?:original|default)$/i.test(ref) ? '' : ref, ctx.buttons);
    if ('problem' in found) return { status: 'problem', text, problem: found.problem };
    fields = [buttonField(found.actionId)];
  } else {
    const field = fieldIn(text) ?? ctx.itField;
    if (field === null) return null;
    fields = [field];
  }
  const label =
    fields.length === 1
      ? `put ${fieldLabel(fields[0]!)} back to the page's original`
      : "put the version back to the page's original";
  return edit(
    compute(label, (content) => {
      let next = content;
      for (const field of fields) {
        const value = fieldValue(original, input.page, field);
        if (field === 'metaKeywords') next = { ...next, metaKeywords: [...original.metaKeywords] };
        else if (field === 'supplementaryContext' || field === 'subheadline')
          next = { ...next, [field]: value };
        else {
          const outcome = setField(input, next, field, value);
          if ('problem' in outcome) return outcome;
          if ('content' in outcome) next = outcome.content;
        }
      }
      return fields.every((f) => fieldValue(next, input.page, f) === fieldValue(content, input.page, f))
        ? {
            already: `${fields.length === 1 ? fieldLabel(fields[0]!) : 'the version'} already has the page's original text`,
          }
        : { content: next };
    }),
  );
}

/** The field a request is about: a field it names, a button it names, else what "it" means. */
function targetField(text: string, ctx: UnderstandContext): ContentField | null {
  if (/\b(?:button|cta)\b/i.test(text)) {
    const ref = text.match(/\bthe\s+(\w+)\s+(?:button|cta)\b/i)?.[1] ?? '';
    const found = resolveButton(
      /^(?:button|main|primary)$/i.test(ref) ? ref.replace(/^button$/i, '') : ref,
      ctx.buttons,
    );
    return 'problem' in found ? null : buttonField(found.actionId);
  }
  return fieldIn(text) ?? (/\b(?:it|this|that)\b/i.test(text) ? ctx.itField : null);
}

function resize(text: string, ctx: UnderstandContext, edit: Make, decline: Decline): Parsed | null {
  const { input } = ctx;
  const shorter =
    /\b(?:shorten|shorter|trim|cut|too\s+long|under\s+\d+\s+words|tighten|condense|briefer|more\s+concise|less\s+wordy)\b/i.test(
      text,
    );
  const longer = /\b(?:lengthen|longer|expand|extend|flesh\s+out|more\s+detail)\b/i.test(text);
  if (!shorter && !longer) return null;
  if (/\b(?:formal|friendl|tone|punch|salesy|professional)\b/i.test(text)) return null;
  const field = targetField(text, ctx);
  if (field === null || field === 'metaKeywords' || field === 'actionUrl') return null;
  const words = text.match(
    /\b(?<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+words?\b/i,
  )?.groups?.n;
  const sentences = text.match(/\b(?<n>\d+|one|two|three|four|five)\s+sentences?\b/i)?.groups?.n;
  const under = /\b(?:under|fewer\s+than|less\s+than|below)\s+\d+\s+words?\b/i.test(text);
  if (shorter) {
    const limits = {
      ...(words ? { maxWords: num(words) - (under ? 1 : 0) } : {}),
      ...(sentences ? { maxSentences: num(sentences) } : {}),
    };
    return edit(
      compute(
        `shorten ${fieldLabel(field)}${words ? ` to ${words} words` : sentences ? ` to ${sentences} sentence${num(sentences) === 1 ? '' : 's'}` : ''}`,
        (content) => {
          const cut = shorten(fieldValue(content, input.page, field), limits);
          if ('problem' in cut)
            return { already: `${fieldLabel(field)} is already short enough: ${cut.problem}` };
          return setField(input, content, field, cut.value);
        },
      ),
    );
  }
  if (field === 'headline' || field === 'metaTitle' || field.startsWith(BUTTON_FIELD_PREFIX))
    return decline(
      `Making ${fieldLabel(field)} longer ${NEEDS_MODEL}; without one I can add words you give me ("add “…” to ${fieldLabel(field)}") or mention the person or company in it.`,
    );
  const max = field === 'metaDescription' ? 160 : field === 'subheadline' ? 1000 : 4000;
  return edit(
    compute(`lengthen ${fieldLabel(field)}`, (content) => {
      const value = lengthen(
        fieldValue(content, input.page, field),
        [
          input.page.pageContext,
          input.page.subheadline,
          ...input.topicEntries.filter((t) => t.type !== 'url').map((t) => t.content),
        ],
        max,
      );
      return value === null
        ? {
            problem: `I found no sentence of the page's own that fits in ${fieldLabel(field)}; writing a longer one ${NEEDS_MODEL}`,
          }
        : setField(input, content, field, value);
    }),
  );
}

function mentionOf(text: string, ctx: UnderstandContext, edit: Make, decline: Decline): Parsed | null {
  const { input } = ctx;
  if (
    !/\b(?:mention|address|greet|personali[sz]e|name|put\s+.+\s+in|speak\s+to\s+(?:her|his|their)\s+role|include)\b/i.test(
      text,
    )
  )
    return null;
  const first = input.person?.name.split(/\s+/)[0] ?? null;
  const lower = text.toLowerCase();
  let name: string | null = null;
  let kind: 'person' | 'company' | 'trait' = 'trait';
  const industry = trait(input, INDUSTRY_KEYS);
  const role = trait(input, ROLE_KEYS);
  if (
    input.person &&
    (/\b(?:by\s+name|first\s+name|her\s+name|his\s+name|their\s+name)\b/.test(lower) ||
      lower.includes(first!.toLowerCase()))
  ) {
    if (/\brole\b/.test(lower) && role) name = role;
    else {
      name = first;
      kind = 'person';
    }
  } else if (
    /\b(?:company|account|organi[sz]ation)\b/.test(lower) ||
    (input.account && lower.includes(input.account.name.toLowerCase()))
  ) {
    if (!input.account)
      return decline(
        "I can't mention the company: this audience has no account in Quire; name the company you mean and I will add it (“add “…” to the headline”).",
      );
    name = input.account.name;
    kind = 'company';
  } else if (/\b(?:industry|sector|vertical)\b/.test(lower)) {
    if (!industry)
      return decline(
        "I can't mention their industry: Quire has no industry on record for this audience; tell me which and I will add it.",
      );
    name = industry.toLowerCase();
  } else if (/\brole|job\s+title|position\b/.test(lower)) {
    if (!role) return null;
    name = role;
  } else {
    const term =
      text.match(/\b(?:mention|include)\s+(?<term>[\w&-]+)\s+in\b/i)?.groups?.term ??
      text.match(/\bmentions?\s+(?<term>[\w&-]+)\s*[.!]?$/i)?.groups?.term;
    if (term && input.audience.effectiveName.toLowerCase().split(/\s+/).includes(term.toLowerCase()))
      name = term;
    else return null;
  }
  if (/\bkeywords?\b/i.test(text) && kind === 'company') {
    const company = name!;
    return edit(
      compute(`add ${q(company)} to the keywords`, (content) =>
        content.metaKeywords.some((k) => k.toLowerCase() === company.toLowerCase())
          ? { already: `the keywords already include ${q(company)}` }
          : { content: { ...content, metaKeywords: dedupeKeywords([...content.metaKeywords, company]) } },
      ),
    );
  }
  const field = fieldIn(text) ?? ctx.itField ?? 'headline';
  if (field === 'metaKeywords' || field === 'actionUrl' || field === 'supplementaryContext') return null;
  const mentioned = name!;
  const names = [input.person?.name ?? '', input.account?.name ?? ''].filter(Boolean);
  return edit(
    compute(`mention ${q(mentioned)} in ${fieldLabel(field)}`, (content) => {
      const current = fieldValue(content, input.page, field);
      if (current.toLowerCase().includes(mentioned.toLowerCase()))
        return { already: `${fieldLabel(field)} already mentions ${q(mentioned)}` };
      const shape =
        field === 'headline' || field === 'metaTitle' || field.startsWith(BUTTON_FIELD_PREFIX)
          ? 'line'
          : 'prose';
      return setField(
        input,
        content,
        field,
        fitted(
          field,
          mention(current, mentioned, kind, shape, names, input.account?.name ?? null),
          mentioned,
        ),
      );
    }),
  );
}

function addOrRemove(text: string, ctx: UnderstandContext, edit: Make): Parsed | null {
  const { input } = ctx;
  const add = text.match(
    re(
      String.raw`(?:add|append|include|tack\s+on)\s+(?:the\s+(?:line|words?|phrase|sentence)\s+)?(?<value>.+?)\s+(?:(?:at\s+|to\s+)?the\s+end\s+of|to|in|into|on)\s+(?:it\b|${F})${TAIL}`,
    ),
  );
  if (add?.groups) {
    const field = add.groups.field ? fieldIn(add.groups.field) : ctx.itField;
    if (
      field === null ||
      field === 'metaKeywords' ||
      field === 'supplementaryContext' ||
      field === 'actionUrl'
    )
      return null;
    const value = readValue(add.groups.value!, true);
    return edit(
      compute(`add ${q(value)} to ${fieldLabel(field)}`, (content) => {
        const current = fieldValue(content, input.page, field);
        if (current.toLowerCase().includes(value.toLowerCase().replace(/[.!]$/, '')))
          return { already: `${fieldLabel(field)} already has ${q(value)}` };
        return setField(input, content, field, fitted(field, append(current, value), value));
      }),
    );
  }
  const cut = text.match(
    re(
      String.raw`(?:remove|delete|drop|take|cut|strip|lose)\s+(?:the\s+(?:words?|phrase|part|bit)\s+)?(?<value>.+?)\s+(?:out\s+of|from|off(?:\s+of)?)\s+(?:it\b|${F})${TAIL}`,
    ),
  );
  if (cut?.groups) {
    const field = cut.groups.field ? fieldIn(cut.groups.field) : ctx.itField;
    if (field === null || field === 'metaKeywords' || field === 'actionUrl') return null;
    const value = readValue(cut.groups.value!, true);
    return edit(
      compute(`remove ${q(value)} from ${fieldLabel(field)}`, (content) => {
        const left = remove(fieldValue(content, input.page, field), value);
        if (left === null) return { problem: `${q(value)} is not in ${fieldLabel(field)}` };
        return setField(input, content, field, left);
      }),
    );
  }
  return null;
}

const BTN = String.raw`(?:button|cta|call[-\s]to[-\s]action)(?:\s+(?:text|title|label|copy))?`;
const BUTTON_SAYS = [
  re(
    String.raw`(?:can|could)\s+(?:the\s+)?(?<ref>[\w\s-]*?)\s*${BTN}\s+(?:say|read)\s*:?\s*(?<value>.+?)\??`,
  ),
  re(
    String.raw`(?:can|could)?\s*(?:the\s+)?(?<ref>[\w\s-]*?)\s*${BTN}\s+(?:should|must|could|can|will|would|needs?\s+to)\s+(?:say|read|be)\s*:?\s*(?<value>.+?)\??`,
  ),
  re(
    String.raw`(?:make|have|let)\s+(?:the\s+)?(?<ref>[\w\s-]*?)\s*${BTN}\s+(?:say|read)\s*:?\s*(?<value>.+)`,
  ),
  re(String.raw`(?<value>["“].+["”])\s+(?:on|for|as)\s+(?:the\s+)?(?<ref>[\w\s-]*?)\s*${BTN}${TAIL}`),
  re(String.raw`(?:call|label|title)\s+(?:the\s+)?(?<ref>[\w\s-]*?)\s*${BTN}\s+(?<value>["“].+["”]|.+)`),
  re(
    String.raw`(?:change|set|update|make)\s+the\s+(?:text|title|label|copy|wording)\s+(?:on|of|for)\s+(?:the\s+)?(?<ref>[\w\s-]*?)\s*${BTN}\s+(?:to\s+(?:say\s+|read\s+)?|as\s+)(?<value>.+)`,
  ),
];

function buttonText(text: string, ctx: UnderstandContext, edit: Make): Parsed | null {
  for (const pattern of BUTTON_SAYS) {
    const m = text.match(pattern);
    if (!m?.groups) continue;
    const ref = m.groups.ref!.trim().replace(/^the\s+/i, '');
    const found = resolveButton(/^(?:main|primary)$/i.test(ref) ? 'primary' : ref, ctx.buttons);
    if ('problem' in found) return { status: 'problem', text, problem: found.problem };
    const value = readValue(m.groups.value!);
    return edit({ kind: 'set', field: buttonField(found.actionId), value });
  }
  return null;
}

const SET_TEXT = [
  re(String.raw`${F}\s+to\s+(?<value>.+)`),
  re(String.raw`(?<value>["“‘'].+["”’'])\s+(?:as|for)\s+${F}${TAIL}`),
  re(String.raw`(?:make|set|have)\s+${F}\s+(?<value>["“].+["”])${TAIL}`),
  re(String.raw`(?:make|have)\s+${F}\s+(?:say|read)\s*:?\s*(?<value>.+)`),
  re(
    String.raw`(?:i(?:'d|’d|\s+would)\s+like|i\s+want|let)\s+${F}\s+to\s+(?:read|say|be)\s*:?\s*(?<value>.+)`,
  ),
  re(String.raw`(?:could|can|should)\s+${F}\s+(?:be|say|read)\s*:?\s*(?<value>.+?)(?:\s+instead)?\??`),
  re(String.raw`(?:put|write|use|have)\s+(?<value>.+?)\s+(?:in|as|for)\s+${F}(?:\s+instead)?${TAIL}`),
  re(String.raw`(?:change|set|make)\s+(?:it|this|that)\s+(?:to\s+)?(?:say|read)\s*:?\s*(?<value>.+)`),
];

function setText(text: string, ctx: UnderstandContext, edit: Make): Parsed | null {
  for (const pattern of SET_TEXT) {
    const m = text.match(pattern);
    if (!m?.groups) continue;
    const field = m.groups.field ? fieldIn(m.groups.field) : ctx.itField;
    if (field === null || field === 'metaKeywords' || field === 'actionUrl') continue;
    const keepPeriod =
      field === 'subheadline' || field === 'metaDescription' || field === 'supplementaryContext';
    return edit({ kind: 'set', field, value: readValue(m.groups.value!, keepPeriod) });
  }
  return null;
}

function modelOnly(text: string, ctx: UnderstandContext, decline: Decline): Parsed | null {
  if (!MODEL_ONLY.test(text) && !/\bfor\s+(?:an?\s+)?\w+s?\s+instead\b/i.test(text)) return null;
  const field = targetField(text, ctx);
  const what = field ? fieldLabel(field) : 'the copy';
  const retarget = RETARGET.test(text);
  const first = ctx.input.person?.name.split(/\s+/)[0];
  const closest = retarget
    ? `without one, I can mention who it is for (“mention ${ctx.input.account?.name ?? 'the company'} in the subheadline”) or set the exact text you write`
    : `without one, I can shorten ${what}${first ? `, address ${first} by name` : ''} or set the exact text you write (“set ${field ? fieldLabel(field) : 'the headline'} to …”)`;
  return decline(
    `${retarget ? `Rewriting ${what} for another audience` : `Changing the tone of ${what}`} (${q(text)}) ${NEEDS_MODEL}; ${closest}.`,
  );
}
