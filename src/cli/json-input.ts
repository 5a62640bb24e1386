import fs from 'node:fs';
import type { TSchema } from 'typebox';
import { ApiError } from '../errors.js';
import { toFieldErrors, validatorCompiler } from '../http/validation.js';

/**
 * Reads an operator's JSON input (`--data '<json>'` or `--file path`, `-` for stdin) and checks it
 * against the same schema the admin API uses, so the CLI accepts exactly what the API accepts.
 */
export function readJsonInput<T>(schema: TSchema, options: { data?: string; file?: string }): T {
  let text = options.data;
  if (options.file !== undefined) text = fs.readFileSync(options.file === '-' ? 0 : options.file, 'utf8');
  if (text === undefined) text = '{}';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError('malformed_json', `The input is not valid JSON: ${(error as Error).message}`);
  }
  // biome-ignore lint/suspicious/noExplicitAny: Fastify's compiler signature wants the route context
  const validate = validatorCompiler({ schema, httpPart: 'body' } as any) as any;
  if (!validate(value)) {
    const errors = toFieldErrors(validate.errors ?? [], 'body');
    throw new ApiError(
      'validation_failed',
      errors.map((e) => `${e.pointer}: ${e.detail}`).join('; '),
      errors,
    );
  }
  return value as T;
}
