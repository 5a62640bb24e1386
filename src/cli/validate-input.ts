import fs from 'node:fs';
import type { Static, TSchema } from 'typebox';
import { ApiError } from '../errors.js';
import { toFieldErrors, validatorCompiler } from '../http/validation.js';

/**
 * The CLI's one input validator: a command checks what an operator gives (options, or JSON)
 * against the same schema (and bounds) as the admin API body, so both accept and reject the same
 * things; the error names every bad member.
 */
export function checkInput<S extends TSchema>(schema: S, value: unknown): Static<S> {
  const validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: 'cli' }) as unknown as {
    (input: unknown): boolean;
    errors?: Parameters<typeof toFieldErrors>[0] | null;
  };
  if (validate(value)) return value as Static<S>;
  const errors = toFieldErrors(validate.errors ?? [], 'body');
  throw new ApiError(
    'validation_failed',
    errors.map((e) => (e.pointer ? `${e.pointer.slice(1)}: ${e.detail}` : e.detail)).join('; '),
    errors,
  );
}

/** Reads an operator's JSON input (`--data '<json>'` or `--file path`, `-` for stdin) and checks it. */
export function readJsonInput<S extends TSchema>(
  schema: S,
  options: { data?: string; file?: string },
): Static<S> {
  let text = options.data;
  if (options.file !== undefined) text = fs.readFileSync(options.file === '-' ? 0 : options.file, 'utf8');
  if (text === undefined) text = '{}';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError('malformed_json', `The input is not valid JSON: ${(error as Error).message}`);
  }
  return checkInput(schema, value);
}
