import { normalizeDomain } from '../../domain/normalize-domain.js';
import type { FormBlock, FormFieldKind } from '../../domain/page-blocks.js';

/**
 * A submitted form's fields, checked against its block (docs/forms.md). Pure: the same check
 * answers the plain HTML post (errors beside each field) and the in-place one (JSON).
 */
export type FormValues = Partial<Record<FormFieldKind, string>>;

export interface CheckedForm {
  values: FormValues;
  /** Whether the consent box was ticked (null: the form shows none). */
  consent: boolean | null;
  /** Problems by field name (`email`, `consent`...); empty when the submission is sound. */
  errors: Record<string, string>;
}

const MAX: Record<FormFieldKind, number> = {
  email: 254,
  name: 200,
  company: 200,
  jobTitle: 200,
  phone: 32,
  message: 5000,
  choice: 120,
};

/** Control and format characters (bidirectional overrides, zero-width ones) that disguise text. */
const UNSAFE = /[\p{Cc}\p{Cf}]/gu;
const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]+$/;
const E164 = /^\+[1-9]\d{1,14}$/;

function clean(kind: FormFieldKind, raw: string): string {
  if (kind === 'message') {
    return raw
      .replace(/\r\n?/g, '\n')
      .replace(/[^\P{Cc}\n]|\p{Cf}/gu, '')
      .trim();
  }
  return raw.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
}

/** The domain of an email address, normalised, or null when it has none a company could own. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at === -1 ? null : normalizeDomain(email.slice(at + 1));
}

export function checkForm(block: FormBlock, body: Readonly<Record<string, string>>): CheckedForm {
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  for (const field of block.fields) {
    const kind = field.field;
    const raw = body[kind] ?? '';
    const value = clean(kind, raw);
    const required = kind === 'email' || field.required === true;
    if (value === '') {
      if (required) {
        errors[kind] =
          kind === 'choice' && field.kind === 'checkbox'
            ? 'Tick this box to continue.'
            : `Enter your ${field.label.toLowerCase()}.`;
      }
      continue;
    }
    if (value.length > MAX[kind]) {
      errors[kind] = `Use at most ${MAX[kind]} characters.`;
      continue;
    }
    if (kind === 'email') {
      if (!EMAIL.test(value) || emailDomain(value) === null) {
        errors[kind] = 'Enter an email address such as name@company.com.';
        continue;
      }
    }
    if (kind === 'phone') {
      const phone = value.replace(/[\s().-]/g, '');
      if (!E164.test(phone)) {
        errors[kind] = 'Enter the number with its country code, such as +44 20 7946 0958.';
        continue;
      }
      values.phone = phone;
      continue;
    }
    if (kind === 'choice') {
      if (field.kind === 'checkbox' ? value !== 'yes' : !(field.options ?? []).includes(value)) {
        errors[kind] = 'Choose one of the options.';
        continue;
      }
    }
    values[kind] = value;
  }
  let consent: boolean | null = null;
  if (block.consentText !== undefined) {
    consent = body.consent === 'yes';
    if (!consent && block.consentRequired !== false) errors.consent = 'Tick this box to continue.';
  }
  return { values, consent, errors };
}
