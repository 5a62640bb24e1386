import type { JSX } from 'preact';
import type { FormBlock, FormField } from '../../../domain/page-blocks.js';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      /** The ALTCHA widget (the `altcha` package's custom element), served by Quire itself. */
      'altcha-widget': JSX.HTMLAttributes<HTMLElement> & {
        challenge?: string;
        configuration?: string;
        name?: string;
      };
    }
  }
}

/**
 * A form block (docs/forms.md). It works without JavaScript: a plain POST to the page's own path;
 * the form script (form-script.ts) submits it in place when JavaScript runs. Every error is written
 * beside its field and tied to it by `aria-describedby`; the values the visitor typed come back
 * escaped like any text (Preact escapes attribute values).
 */
export interface FormState {
  /** The page's own path: where the form posts. */
  action: string;
  /** The signed form token of each form block (form-token.ts), made for this rendering. */
  tokens: Record<string, string>;
  /** The UTM parameters of the page's URL, carried by hidden fields. */
  utm: Record<string, string>;
  /** The form block a refused submission (no JavaScript) came from: values, errors and notice are its. */
  activeBlockId: string | null;
  /** The visitor's values after a refused submission, by field name. */
  values: Record<string, string>;
  /** Field errors after a refused submission, by field name. */
  errors: Record<string, string>;
  /** A message for the whole form (a refused submission whose cause is not told). */
  notice: string | null;
  /** The block whose thank-you state is shown (after POST, redirect, GET). */
  sentBlockId: string | null;
  /** The person's name on a person's page when the form prefills it. */
  personName: string | null;
  /**
   * The ALTCHA challenge (JSON) of each form block asking for proof of work; '' when the form
   * fetches its own token and challenge as the page loads (a cached page: serve-form.ts).
   */
  challenges: Record<string, string>;
  /** The widget's script (form-assets.ts), absolute. */
  altchaScriptUrl: string;
}

/** A form as a page first shows it: no UTM fields carried, nothing refused, nothing sent. */
export const UNSENT_FORM: Pick<
  FormState,
  'utm' | 'activeBlockId' | 'values' | 'errors' | 'notice' | 'sentBlockId'
> = { utm: {}, activeBlockId: null, values: {}, errors: {}, notice: null, sentBlockId: null };

/**
 * The widget solves in the background once the visitor is in the form (its first focus), not as the
 * page loads: the proof of work would otherwise hold a phone's main thread while the page becomes
 * interactive (Lighthouse: performance 0.73 on a phone with `onload`). The form script waits for
 * it on submit, and starts it there if nothing was focused.
 */
const ALTCHA_CONFIGURATION = JSON.stringify({
  auto: 'onfocus',
  display: 'invisible',
  hideFooter: true,
  hideLogo: true,
});

export const DEFAULT_THANK_YOU = 'Thank you! We will be in touch.';
export const HONEYPOT_FIELD = 'website';
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

const INPUT: Record<string, { type: string; autocomplete: string; inputmode?: string }> = {
  email: { type: 'email', autocomplete: 'email' },
  name: { type: 'text', autocomplete: 'name' },
  company: { type: 'text', autocomplete: 'organization' },
  jobTitle: { type: 'text', autocomplete: 'organization-title' },
  phone: { type: 'tel', autocomplete: 'tel', inputmode: 'tel' },
};

export function isRequired(field: FormField): boolean {
  return field.field === 'email' || field.required === true;
}

function Field({ block, field, state }: { block: FormBlock; field: FormField; state: FormState }) {
  const id = `${block.blockId}-${field.field}`;
  const error = state.errors[field.field];
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const prefill = field.field === 'name' && block.prefillName === true ? (state.personName ?? '') : '';
  const value = state.values[field.field] ?? prefill;
  const required = isRequired(field);
  const describedBy = [field.field === 'phone' ? hintId : null, errorId].filter(Boolean).join(' ');
  const common = {
    id,
    name: field.field,
    required,
    'aria-invalid': error === undefined ? undefined : ('true' as const),
    'aria-describedby': describedBy,
  };
  const errorLine = (
    <p class="field-error" id={errorId} aria-live="polite">
      {error ?? ''}
    </p>
  );
  if (field.kind === 'checkbox') {
    return (
      <div class="field check">
        <input type="checkbox" value="yes" checked={value === 'yes'} {...common} />
        <label for={id}>{field.label}</label>
        {errorLine}
      </div>
    );
  }
  const label = (
    <label for={id}>
      {field.label}
      {!required && <span class="optional"> (optional)</span>}
    </label>
  );
  if (field.field === 'choice') {
    return (
      <div class="field">
        {label}
        <select {...common}>
          <option value="">{field.placeholder ?? 'Choose…'}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option} selected={value === option}>
              {option}
            </option>
          ))}
        </select>
        {errorLine}
      </div>
    );
  }
  if (field.field === 'message') {
    return (
      <div class="field">
        {label}
        <textarea rows={4} maxLength={5000} placeholder={field.placeholder} {...common}>
          {value}
        </textarea>
        {errorLine}
      </div>
    );
  }
  const input = INPUT[field.field]!;
  return (
    <div class="field">
      {label}
      <input
        type={input.type}
        autocomplete={input.autocomplete}
        inputMode={input.inputmode}
        maxLength={field.field === 'email' ? 254 : 200}
        placeholder={field.placeholder}
        value={value}
        {...common}
      />
      {field.field === 'phone' && (
        <p class="hint" id={hintId}>
          With the country code, such as +44 20 7946 0958.
        </p>
      )}
      {errorLine}
    </div>
  );
}

export function FormSection({ block, state: page }: { block: FormBlock; state: FormState }) {
  const sent = page.sentBlockId === block.blockId;
  const active = page.activeBlockId === block.blockId;
  const state = active ? page : { ...page, values: {}, errors: {}, notice: null };
  const challenge = page.challenges[block.blockId];
  const headingId = `${block.blockId}-heading`;
  return (
    <section
      class="block form-block"
      data-block="form"
      data-block-id={block.blockId}
      id={block.blockId}
      aria-labelledby={block.heading ? headingId : undefined}
      aria-label={block.heading ? undefined : 'Form'}
    >
      <div class="wrap">
        {block.heading && <h2 id={headingId}>{block.heading}</h2>}
        {block.intro && <p class="lead">{block.intro}</p>}
        {sent ? (
          <p class="form-done" role="status">
            {block.thankYouMessage || DEFAULT_THANK_YOU}
          </p>
        ) : (
          <form
            method="post"
            action={state.action}
            data-quire-form={block.blockId}
            data-altcha-src={challenge === undefined ? undefined : page.altchaScriptUrl}
            data-quire-token={challenge === '' ? 'fetch' : undefined}
            data-thank-you={block.thankYouMessage || DEFAULT_THANK_YOU}
            noValidate={false}
          >
            <p class="form-notice" role="alert">
              {state.notice ?? ''}
            </p>
            <input type="hidden" name="_form" value={block.blockId} />
            <input type="hidden" name="_referrer" value="" />
            <input type="hidden" name="_token" value={page.tokens[block.blockId] ?? ''} />
            {block.captureUtm !== false &&
              UTM_FIELDS.map((name) => (
                <input
                  key={name}
                  type="hidden"
                  name={name}
                  value={state.values[name] ?? state.utm[name] ?? ''}
                />
              ))}
            <div class="hp" aria-hidden="true">
              <label for={`${block.blockId}-${HONEYPOT_FIELD}`}>Leave this empty</label>
              <input
                type="text"
                id={`${block.blockId}-${HONEYPOT_FIELD}`}
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autocomplete="off"
                value=""
              />
            </div>
            {block.fields.map((field) => (
              <Field key={field.field} block={block} field={field} state={state} />
            ))}
            {block.consentText !== undefined && (
              <Field
                block={block}
                field={{
                  field: 'consent' as never,
                  label: block.consentText,
                  kind: 'checkbox',
                  required: block.consentRequired !== false,
                }}
                state={state}
              />
            )}
            {challenge !== undefined && (
              <altcha-widget
                challenge={challenge === '' ? undefined : challenge}
                name="altcha"
                configuration={ALTCHA_CONFIGURATION}
              />
            )}
            <button class="button primary" type="submit">
              {block.buttonText}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
