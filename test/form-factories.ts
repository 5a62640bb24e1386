import type { FormBlock } from '../src/domain/page-blocks.js';

/** A form block asking for everything (the shape docs/forms.md documents). */
export const FULL_FORM: FormBlock = {
  blockId: 'contact',
  type: 'form',
  heading: 'Talk to us',
  intro: 'We answer within a day.',
  fields: [
    { field: 'email', label: 'Work email', placeholder: 'you@company.com' },
    { field: 'name', label: 'Name', required: true },
    { field: 'company', label: 'Company' },
    { field: 'jobTitle', label: 'Job title' },
    { field: 'phone', label: 'Phone' },
    { field: 'message', label: 'Message' },
    { field: 'choice', label: 'Team size', kind: 'select', options: ['1-10', '11-50', '51+'] },
  ],
  buttonText: 'Send',
  thankYouMessage: 'Thanks, we will call you.',
  consentText: 'I agree that Loomwork may contact me about this request.',
};
