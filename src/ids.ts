import { typeid } from 'typeid-js';

/** The TypeID prefix of every kind of record: one prefix per kind, so an id tells what it names. */
export type IdKind =
  | 'page'
  | 'audience'
  | 'version'
  | 'conversation'
  | 'message'
  | 'change'
  | 'person'
  | 'personlog'
  | 'account'
  | 'accountlog'
  | 'asset'
  | 'topic'
  | 'topicentry'
  | 'tenant'
  | 'key'
  | 'pageevent'
  | 'operator'
  | 'audit'
  | 'event'
  | 'webhook'
  | 'delivery'
  | 'attempt'
  | 'file'
  | 'brand'
  | 'formsubmission'
  | 'import'
  | 'experiment';

/** A new time-sortable id, e.g. `person_01jd...` (UUIDv7 inside). */
export function newId(kind: IdKind): string {
  return typeid(kind).toString();
}
