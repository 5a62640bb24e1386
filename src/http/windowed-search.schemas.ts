import { Type } from 'typebox';
import { SEARCH_WINDOW } from '../lists/windowed-search.js';

/** The `q` of a list that can be searched: a part of the text to find, any case. */
export const SearchQuery = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 100, description }));

export const SEARCH_DESCRIPTION =
  `A search (\`q\`) looks through at most ${SEARCH_WINDOW} records per request, newest first: a page ` +
  'may then hold fewer items than `limit`, even none, while `hasMore` is true; follow `nextCursor`.';
