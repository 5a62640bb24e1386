import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError } from '../errors.js';
import { findUnstorableValues } from './json-values.js';

/** Deeper JSON than this is refused before parsing: no real payload nests 64 levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * The JSON body parser. Fastify's own would hand a 1 MiB body nested 150,000 levels deep to the
 * parser and validators, which overflow the stack (a 500). This one measures the nesting first, in
 * one pass over the text, then parses with secure-json-parse, which refuses prototype-poisoning
 * attempts as Fastify's parser does, and refuses values no database stores faithfully
 * (src/http/json-values.ts) with a 400 naming the member.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0)
      return done(new ApiError('malformed_json', 'The request body is empty; send a JSON object'));
    const depth = nestingDepth(text, MAX_JSON_DEPTH);
    if (depth > MAX_JSON_DEPTH) {
      return done(
        new ApiError('malformed_json', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`),
      );
    }
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return done(new ApiError('malformed_json', 'The request body is not valid JSON (is it complete?)'));
    }
    const unstorable = findUnstorableValues(parsed);
    if (unstorable.length > 0) {
      return done(new ApiError('validation_failed', unstorable.map((e) => e.detail).join('; '), unstorable));
    }
    done(null, parsed);
  });
}

/** The deepest nesting of arrays and objects in a JSON text (stops counting past `limit`). */
function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}
