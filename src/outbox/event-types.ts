import type { Scope } from '../domain/scopes.js';

/**
 * The catalogue of events (docs/events.md has an example of each). A type is `<resource>.<what
 * happened>`; subscribers name types or wildcards (`version.*`, `*`).
 */
export const EVENT_TYPES = [
  'message.created',
  'version.queued',
  'version.drafted',
  'version.published',
  'version.cancelled',
  'audience.created',
  'audience.archived',
  'page.published',
  'page.archived',
  'page.viewed',
  'cta.clicked',
  'person.created',
  'account.created',
  'account_log.created',
  'form.submitted',
  'import.progress',
  'import.finished',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Sent by "send test event" to one endpoint only; never on the stream, never fanned out. */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * The read scope a key needs to see an event on the stream: the scope that reads the resource the
 * event carries through /v0.
 */
export function scopeOfEventType(type: string): Scope {
  return /^(person|account|account_log|form)\./.test(type) ? 'persons:read' : 'pages:read';
}

/** A subscription pattern: `*`, a known resource with `.*` (`version.*`), or a known type. */
export function isEventPattern(pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) {
    const resource = pattern.slice(0, -1);
    return EVENT_TYPES.some((type) => type.startsWith(resource));
  }
  return (EVENT_TYPES as readonly string[]).includes(pattern);
}

export function matchesPattern(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

export function matchesAnyPattern(patterns: readonly string[], type: string): boolean {
  return patterns.some((pattern) => matchesPattern(pattern, type));
}
