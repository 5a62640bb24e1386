import type { TSchema } from 'typebox';
import { ApiError } from '../errors.js';
import { toFieldErrors, validatorCompiler } from '../http/validation.js';

/**
 * Checks CLI input against the same schema (and bounds) as the admin API body, so both reject
 * the same things; the error names every bad option.
 */
export function checkInput<T>(schema: TSchema, value: T): T {
  const validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: 'cli' }) as unknown as {
    (input: unknown): boolean;
    errors?: Parameters<typeof toFieldErrors>[0] | null;
  };
  if (validate(value)) return value;
  const errors = toFieldErrors(validate.errors ?? [], 'body');
  throw new ApiError(
    'validation_failed',
    errors.map((e) => `${e.pointer?.slice(1)}: ${e.detail}`).join('; '),
    errors,
  );
}
