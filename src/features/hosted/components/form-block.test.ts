import assert from 'node:assert/strict';
import { it } from 'node:test';
import { renderToString } from 'preact-render-to-string';
import { FULL_FORM } from '../../../../test/form-factories.js';
import { FormSection, type FormState } from './form-block.js';

const STATE: FormState = {
  action: '/p/acme/demo',
  tokens: { contact: 'tok' },
  utm: { utm_source: 'news"letter' },
  activeBlockId: 'contact',
  values: {},
  errors: {},
  notice: null,
  sentBlockId: null,
  personName: 'Grace Hopper',
  challenges: {},
  altchaScriptUrl: '',
};

it('renders every field with a label, its error tied by aria-describedby, posting to the page itself', () => {
  const html = renderToString(
    FormSection({
      block: FULL_FORM,
      state: { ...STATE, errors: { email: 'Enter an email address such as you@company.com' } },
    }),
  );
  assert.match(html, /<form method="post" action="\/p\/acme\/demo"/);
  for (const field of ['email', 'name', 'company', 'jobTitle', 'phone', 'message', 'choice', 'consent']) {
    assert.match(html, new RegExp(`<label for="contact-${field}"`), field);
    assert.match(
      html,
      new RegExp(`id="contact-${field}"[^>]*aria-describedby="[^"]*contact-${field}-error`),
      field,
    );
  }
  assert.match(html, /id="contact-email"[^>]*aria-invalid="true"/);
  assert.match(html, /<p class="field-error" id="contact-email-error" aria-live="polite">Enter an email/);
  assert.match(html, /type="email" autocomplete="email"/);
  assert.match(html, /name="_token" value="tok"/);
  // The honeypot is out of sight and out of the tab order; the UTM value is escaped.
  assert.match(html, /<div class="hp" aria-hidden="true">/);
  assert.match(html, /name="website" tabindex="-1"/);
  assert.match(html, /name="utm_source" value="news&quot;letter"/);
  // Prefilling the name is the operator's choice: off here.
  assert.doesNotMatch(html, /Grace Hopper/);
});

it('keeps the values typed, escaped, and prefills the name on request (never email or phone)', () => {
  const evil = '"><img src=x onerror=alert(1)><script>alert(2)</script>';
  const html = renderToString(
    FormSection({
      block: { ...FULL_FORM, prefillName: true },
      state: { ...STATE, values: { email: evil, message: evil, company: evil, choice: evil } },
    }),
  );
  assert.doesNotMatch(html, /<img src=x|<script>/);
  assert.match(html, /value="&quot;>&lt;img src=x onerror=alert\(1\)>&lt;script>/);
  assert.match(
    html,
    /<textarea[^>]*>&quot;>&lt;img src=x onerror=alert\(1\)>&lt;script>alert\(2\)&lt;\/script><\/textarea>/,
  );
  assert.match(html, /id="contact-name"[^>]*value="Grace Hopper"|value="Grace Hopper"[^>]*id="contact-name"/);
});

it('shows the thank-you message in place of the form once sent', () => {
  const html = renderToString(FormSection({ block: FULL_FORM, state: { ...STATE, sentBlockId: 'contact' } }));
  assert.match(html, /<p class="form-done" role="status">Thanks, we will call you\.<\/p>/);
  assert.doesNotMatch(html, /<form/);
});
