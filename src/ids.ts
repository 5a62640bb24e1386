import { TypeID, typeid } from 'typeid-js';

/** The TypeID prefix of every kind of record (decisions: one prefix per kind). */
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
  | 'key';

/** A new time-sortable id, e.g. `person_01jd...` (UUIDv7 inside). */
export function newId(kind: IdKind): string {
  return typeid(kind).toString();
}

/** True when `value` is a well-formed id of that kind; anything else cannot exist (a 404). */
export function isId(kind: IdKind, value: string): boolean {
  if (!value.startsWith(`${kind}_`) || value.length !== kind.length + 27) return false;
  try {
    TypeID.fromString(value, kind);
    return true;
  } catch {
    return false;
  }
}
