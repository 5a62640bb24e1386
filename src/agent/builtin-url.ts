/**
 * Requests about where a button sends visitors: "point the button at URL", "point button 2 at URL",
 * "set the url of the pricing button to URL", "point it at URL" (with a selected element).
 *
 * An audience can change one URL: the primary action's (`actionUrl`; the page's header action, else
 * its first). A request the page's other buttons are the subject of is therefore not silently applied
 * to the primary one: it is answered with what the agent can do instead. "The button" and "it" mean
 * the button the message named earlier ("rename button 2 … and point it at …"), else the selected
 * one, else the primary one.
 */
import { type ButtonContext, describeButton, primaryActionId, resolveButton } from './builtin-buttons.js';
import { readValue } from './builtin-split.js';

const URL_WORD = '(?:url|link|destination|target|address)';
const SET = '(?:set|change|update|make|point|edit|modify)';
const TO = String.raw`\s+(?:to|at|as)\s*:?\s*`;
const END = String.raw`\s*[.!]?`;
const re = (source: string) => new RegExp(`^${source}$`, 'is');

const PATTERNS = [
  // make the pricing button go to URL
  re(
    String.raw`(?:make|have|let)\s+(?<ref>.+?)\s+(?:go|point|link|lead|send\s+(?:people|visitors))\s+(?:to|at)\s+(?<value>\S+)${END}`,
  ),
  // point the button at URL, point button 2 to URL, send visitors to URL, point it at URL
  re(String.raw`(?:point|link|send|direct)\s+(?<ref>.+?)\s+(?:at|to)\s+(?<value>\S+)${END}`),
  // set the url of button 2 to URL, change the link on the pricing button to URL
  re(
    String.raw`${SET}\s+(?:the\s+)?${URL_WORD}\s+(?:of|for|on|behind)\s+(?<ref>.+?)${TO}(?<value>\S+)${END}`,
  ),
  // set button 2's url to URL, set the pricing button url to URL, set the primary action url to URL
  re(String.raw`${SET}\s+(?<ref>.+?)(?:'s)?\s+${URL_WORD}${TO}(?<value>\S+)${END}`),
];

/** Words that make a reference mean a button (not, say, "the title"). */
const BUTTONISH =
  /\b(?:button|cta|action|call[-\s]to[-\s]action|visitors|people|users)\b|^(?:it|this|that)$/i;
const PRIMARY =
  /^(?:the\s+)?(?:(?:primary|main)\s+)?(?:action|cta|call[-\s]to[-\s]action|visitors|people|users)$|^(?:the\s+)?(?:primary|main)\s+button$/i;
const UNNAMED = /^(?:the\s+)?(?:button|link)$|^(?:it|this|that)$/i;

export type UrlRequest = { actionUrl: string } | { problem: string } | null;

/** Reads a URL request; null when the text is not one (other patterns may still read it). */
export function parseUrlRequest(request: string, buttons: ButtonContext): UrlRequest {
  // "… when they click the button": the button it names is the one clicked.
  const text = request.replace(
    /\s+(?:when|once|if|after)\s+(?:they|people|visitors|someone|users)\s+click.*$/i,
    (tail) => (/\bbutton|cta\b/i.test(tail) ? '' : tail),
  );
  for (const pattern of PATTERNS) {
    const groups = text.match(pattern)?.groups;
    if (!groups) continue;
    const ref = groups.ref!.trim();
    const named = buttons.page.actions.some((a) => a.actionId === ref.replace(/^the\s+/i, ''));
    if (!named && !BUTTONISH.test(ref)) continue;
    const value = readValue(groups.value!);
    const target = targetOf(ref, buttons);
    if ('problem' in target) return target;
    const primary = primaryActionId(buttons.page);
    if (target.actionId === primary) return { actionUrl: value };
    return { problem: notPrimary(target.actionId, primary, buttons) };
  }
  return null;
}

function targetOf(ref: string, buttons: ButtonContext): { actionId: string } | { problem: string } {
  const primary = primaryActionId(buttons.page);
  if (primary === null) return { problem: 'this page has no buttons' };
  if (PRIMARY.test(ref)) return { actionId: primary };
  if (UNNAMED.test(ref)) {
    return { actionId: buttons.mentionedActionId ?? buttons.selectedActionId ?? primary };
  }
  return resolveButton(ref, buttons);
}

function notPrimary(actionId: string, primary: string | null, buttons: ButtonContext): string {
  const which = describeButton(actionId, buttons);
  const main =
    primary === null ? 'the primary button' : `the primary button, ${describeButton(primary, buttons)}`;
  return (
    `${which} keeps the link the page gives it: an audience can only change where ${main}, sends ` +
    `visitors. Ask for that with "point the primary button at …", or have an operator change the url of ` +
    `${which} on the page`
  );
}
