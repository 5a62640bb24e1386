import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { normalizeDomain } from '../domain/normalize-domain.js';
import type { FieldError, FieldErrorCode } from '../errors.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * The formats Quire's schemas use beyond ajv-formats' own (whose `email` is the rule documented in
 * docs/api-conventions.md). Checking them here, in the schema stage, puts a bad domain in the same
 * 400 as every other problem of the request instead of a second 400 once the first is fixed.
 */
function addQuireFormats(ajv: Ajv): Ajv {
  // What the services accept as a company domain: a hostname or a URL of one (normalised later).
  ajv.addFormat('domain', { type: 'string', validate: (value: string) => normalizeDomain(value) !== null });
  return ajv;
}

const common: Options = {
  allErrors: true, // list every problem, not just the first
  removeAdditional: false, // unknown body members are an error, never silently dropped
  useDefaults: true, // interface defaults: account log `type`, asset `purpose`
  strict: false,
};

// JSON bodies are validated as sent: `"name": 42` is a 400, not the string "42".
const bodyAjv = addQuireFormats(addFormats(new Ajv({ ...common, coerceTypes: false })));
// Query strings and path parameters are text by nature; `?limit=20` must read as the number 20.
const textAjv = addQuireFormats(addFormats(new Ajv({ ...common, coerceTypes: true })));

/**
 * Each route's validator is compiled by Ajv on its first request, not when the route is registered:
 * compiling every route's schemas was most of a start's CPU (about 0.5 s of `quire serve`'s 1 s
 * before it listens), for routes a process may never serve. Fastify reads `schemaEnv` (to let Ajv
 * coerce a root value) and `errors` from the function it is given, so both are passed through.
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  let compiled: ValidateFunction | undefined;
  const compile = () => {
    compiled ??= ajv.compile(schema);
    return compiled;
  };
  const validate = (data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const check = compile();
    const valid = check(data, context);
    validate.errors = check.errors;
    return valid;
  };
  validate.errors = null as ValidateFunction['errors'];
  Object.defineProperty(validate, 'schemaEnv', { get: () => compile().schemaEnv });
  return validate;
};

type Part = 'body' | 'querystring' | 'params' | 'headers';

/** Turns Ajv's errors into the problem+json `errors` list, one entry per field and problem. */
export function toFieldErrors(errors: ErrorObject[], part: Part): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors) {
    const field = fieldError(error);
    if (field === null) continue;
    const location = part === 'body' ? { pointer: field.path } : locationOf(part, field.path);
    const key = `${JSON.stringify(location)}|${field.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ ...location, detail: field.detail, code: field.code });
  }
  return result;
}

function locationOf(part: Exclude<Part, 'body'>, path: string): Pick<FieldError, 'parameter' | 'header'> {
  const name = path.split('/')[1] ?? '';
  return part === 'headers' ? { header: name } : { parameter: name };
}

function fieldError(error: ErrorObject): { path: string; code: FieldErrorCode; detail: string } | null {
  const path = error.instancePath;
  const name = path === '' ? 'the body' : path.slice(1);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        path: `${path}/${p.missingProperty}`,
        code: 'required',
        detail: `${p.missingProperty} is required`,
      };
    case 'additionalProperties':
      return {
        path: `${path}/${p.additionalProperty}`,
        code: 'unknown_field',
        detail: `${p.additionalProperty} is not a known field`,
      };
    case 'type':
      return { path, code: 'invalid_type', detail: `${name} must be ${article(String(p.type))}` };
    case 'minLength':
      return {
        path,
        code: 'too_short',
        detail: `${name} must be at least ${p.limit} character${p.limit === 1 ? '' : 's'} long`,
      };
    case 'maxLength':
      return { path, code: 'too_long', detail: `${name} must be at most ${p.limit} characters long` };
    case 'pattern':
      return { path, code: 'invalid_format', detail: `${name} must match the pattern ${p.pattern}` };
    case 'format':
      return {
        path,
        code: 'invalid_format',
        detail: `${name} ${FORMAT_RULES[String(p.format)] ?? `must be a valid ${p.format}`}`,
      };
    case 'enum':
    case 'const': {
      const allowed = (p.allowedValues as unknown[] | undefined) ?? [p.allowedValue];
      return { path, code: 'invalid_value', detail: `${name} must be one of: ${allowed.join(', ')}` };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, code: 'out_of_range', detail: `${name} must be ${p.comparison} ${p.limit}` };
    case 'minItems':
    case 'maxItems':
      return {
        path,
        code: 'invalid_length',
        detail: `${name} ${error.message ?? 'has the wrong number of items'}`,
      };
    case 'anyOf':
    case 'oneOf':
    case 'if':
      // The branch errors that precede these say what is wrong; this summary adds nothing.
      return null;
    default:
      return { path, code: 'invalid_value', detail: `${name} ${error.message ?? 'is not valid'}` };
  }
}

const FORMAT_RULES: Record<string, string> = {
  email: 'must be an email address such as ada@acme.com',
  domain: 'must be a hostname such as example.com',
  'date-time': 'must be an RFC 3339 timestamp such as 2026-11-21T10:00:00.000Z',
};

function article(type: string): string {
  const kind = type.split(',')[0] ?? type;
  return /^[aeiou]/.test(kind) ? `an ${type}` : `a ${type}`;
}

/**
 * A validator with the JSON body rules (formats included) for code that checks records arriving
 * other than as a request body, e.g. the rows of a target-list import: the same field rules as the
 * API. Returns the problems as `{ pointer, detail }`, empty when the value passes.
 */
export function bodyChecker(schema: object): (value: unknown) => { pointer: string; detail: string }[] {
  const validate = bodyAjv.compile(schema);
  return (value) => {
    if (validate(value)) return [];
    return toFieldErrors(validate.errors ?? [], 'body').map((e) => ({
      pointer: e.pointer ?? '',
      detail: e.detail,
    }));
  };
}
