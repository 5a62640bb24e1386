import type { PageBlock } from '../domain/page-blocks.js';

/**
 * The demo page's body: thirteen blocks of ten types (the last a lead form), three case studies chosen by the account's
 * industry (a default for every other visitor). Every customer, number and quote a version may
 * show is written here, on the page, so the grounding check has its sources.
 *
 * Images: `SEED_IMAGES` names the demo's images (drawn in demo-images.ts) and the block member
 * each belongs to; `quire seed demo` uploads them through the files feature (demo-uploads.ts).
 * Seeded without file storage (tests, the benchmark) the blocks render without them: logos as word
 * marks, features with built-in icons, the testimonial with initials and the video with a panel.
 */
export const DEMO_BLOCKS: PageBlock[] = [
  { blockId: 'hero', type: 'hero', eyebrow: 'Finance automation for mid-market teams' },
  {
    blockId: 'customers',
    type: 'logos',
    heading: 'Finance teams closing faster with Loomwork',
    logos: [
      { name: 'Brightwell' },
      { name: 'Quillstack' },
      { name: 'Harbor & Pine' },
      { name: 'Lumen Freight' },
      { name: 'Okapi Labs' },
    ],
  },
  {
    blockId: 'features',
    type: 'features',
    heading: 'Everything between the bank feed and the trial balance',
    intro:
      'Loomwork does the repetitive work of the close so your team reviews exceptions instead of spreadsheets.',
    items: [
      {
        title: 'Reconciliation on autopilot',
        text: 'Bank and card transactions are matched to the ledger as they arrive, with rules your team can read.',
        icon: 'bank',
      },
      {
        title: 'Receipts chased for you',
        text: 'Missing receipts are requested from the right person by email or Slack, and filed when they reply.',
        icon: 'document',
      },
      {
        title: 'Journal entries prepared',
        text: 'Accruals, prepaids and intercompany entries are drafted for review, with the evidence attached.',
        icon: 'check',
      },
      {
        title: 'Every entity, one close',
        text: 'Subsidiaries in several currencies close on the same calendar, consolidated in NetSuite or Sage Intacct.',
        icon: 'globe',
      },
    ],
  },
  {
    blockId: 'figures',
    type: 'stats',
    heading: 'What a Loomwork close looks like',
    items: [
      { value: '2 days', label: 'median time to close, down from 10' },
      { value: '94%', label: 'of transactions matched without a touch' },
      { value: '31 h', label: 'saved per accountant each month' },
    ],
  },
  {
    blockId: 'case-manufacturing',
    type: 'caseStudy',
    group: 'proof',
    showWhen: [{ trait: 'industry', value: 'manufacturing' }],
    customer: 'Brightwell Components',
    industry: 'Manufacturing',
    title: 'Brightwell closes fourteen plants on one calendar',
    summary:
      'Brightwell ran its close in spreadsheets across fourteen plants and three currencies. With Loomwork, intercompany entries are drafted automatically and every plant reconciles daily, so month-end is a review, not a scramble.',
    metrics: [
      { value: '3 days', label: 'to close 14 entities' },
      { value: '−72%', label: 'manual journal entries' },
      { value: '0', label: 'late intercompany matches last quarter' },
    ],
    link: { text: 'Read the Brightwell story', url: 'https://loomwork.example.com/customers/brightwell' },
  },
  {
    blockId: 'case-software',
    type: 'caseStudy',
    group: 'proof',
    showWhen: [{ trait: 'industry', value: ['software', 'saas'] }],
    customer: 'Quillstack',
    industry: 'Software',
    title: 'Quillstack recognises revenue without the month-end crunch',
    summary:
      'Quillstack bills thousands of subscriptions through Stripe. Loomwork reconciles every payout to the ledger and prepares the deferred revenue schedule, so the finance team of four closes while the company grows.',
    metrics: [
      { value: '2 days', label: 'to close, from 9' },
      { value: '12,000', label: 'payouts reconciled each month' },
      { value: '4', label: 'people in finance, unchanged since Series B' },
    ],
    link: { text: 'Read the Quillstack story', url: 'https://loomwork.example.com/customers/quillstack' },
  },
  {
    blockId: 'case-retail',
    type: 'caseStudy',
    group: 'proof',
    showWhen: [{ trait: 'industry', value: ['retail', 'distribution'] }],
    customer: 'Harbor & Pine',
    industry: 'Retail',
    title: 'Harbor & Pine reconciles 120 stores by lunchtime',
    summary:
      'Card settlements from 120 stores used to take a week to match. Loomwork matches them to the ledger the morning they land and flags only the exceptions, store by store.',
    metrics: [
      { value: '120', label: 'stores reconciled daily' },
      { value: '98%', label: 'card settlements matched automatically' },
      { value: '5 days', label: 'faster close' },
    ],
    link: {
      text: 'Read the Harbor & Pine story',
      url: 'https://loomwork.example.com/customers/harbor-and-pine',
    },
  },
  {
    blockId: 'case-default',
    type: 'caseStudy',
    group: 'proof',
    default: true,
    customer: 'Lumen Freight',
    industry: 'Logistics',
    title: 'Lumen Freight went from a ten-day close to two',
    summary:
      'Lumen Freight’s team of six spent the first two weeks of every month reconciling carrier invoices. Loomwork now matches them as they arrive and prepares the accruals for review.',
    metrics: [
      { value: '2 days', label: 'to close, from 10' },
      { value: '−80%', label: 'time on reconciliation' },
    ],
    link: {
      text: 'Read the Lumen Freight story',
      url: 'https://loomwork.example.com/customers/lumen-freight',
    },
  },
  {
    blockId: 'quote',
    type: 'testimonial',
    quote:
      'We used to lose the first two weeks of every month to the close. Now my team spends that time on forecasting, and the auditors get their evidence in one place.',
    author: 'Priya Raman',
    role: 'VP Finance',
    company: 'Lumen Freight',
  },
  {
    blockId: 'walkthrough',
    type: 'video',
    provider: 'youtube',
    videoId: 'aqz-KE-bpKQ',
    title: 'A month-end close with Loomwork, in four minutes',
    caption: 'Watch a controller close a three-entity month from the bank feed to the trial balance.',
  },
  {
    blockId: 'faq',
    type: 'faq',
    heading: 'Questions finance teams ask',
    items: [
      {
        question: 'Which ERPs does Loomwork work with?',
        answer:
          'NetSuite and Sage Intacct, connected in under an hour. Entries are posted through their APIs, never by importing files.',
      },
      {
        question: 'How long does it take to go live?',
        answer:
          'Most teams run their first close with Loomwork within **four weeks**: a week to connect banks and the ERP, then a parallel close.',
      },
      {
        question: 'Do our auditors see what Loomwork did?',
        answer:
          'Yes. Every match and every prepared entry keeps its evidence and who approved it, exportable for the audit.',
      },
      {
        question: 'Is our data safe?',
        answer:
          'Loomwork is SOC 2 Type II audited, encrypts data at rest and in transit, and supports single sign-on. See [our security page](https://loomwork.example.com/security).',
      },
    ],
  },
  {
    blockId: 'closing',
    type: 'ctaBanner',
    heading: 'See your own close in Loomwork',
    text: 'In thirty minutes a solutions engineer walks through a close with your bank feeds and your ERP.',
    actionIds: ['book-demo', 'roi-calculator'],
  },
  {
    blockId: 'contact',
    type: 'form',
    heading: 'Ask us about your close',
    intro: 'Tell us where your month-end hurts; a finance specialist answers within one business day.',
    fields: [
      { field: 'email', label: 'Work email', placeholder: 'you@company.com' },
      { field: 'name', label: 'Name', required: true },
      { field: 'company', label: 'Company' },
      { field: 'jobTitle', label: 'Job title' },
      {
        field: 'choice',
        label: 'Days to close today',
        kind: 'select',
        options: ['1-3', '4-7', '8-14', '15+'],
      },
      { field: 'message', label: 'What would you like to ask?' },
    ],
    buttonText: 'Send my question',
    thankYouMessage: 'Thank you! A Loomwork finance specialist will write to you within one business day.',
    consentText: 'Loomwork may email me about this request. I can withdraw this at any time.',
    prefillName: true,
  },
];

/** The demo's image files (src/seed/images/) and the blocks that show them once uploaded. */
export const SEED_IMAGES = [
  {
    file: 'hero-close.svg',
    blockId: 'hero',
    member: 'image',
    alt: 'The Loomwork close checklist, every task ticked',
  },
  { file: 'priya-raman.svg', blockId: 'quote', member: 'photo', alt: 'Priya Raman' },
  { file: 'walkthrough-poster.svg', blockId: 'walkthrough', member: 'poster', alt: '' },
] as const;

/** The demo target accounts' traits: three industries, so three audiences see three case studies. */
export const DEMO_TRAITS: Record<string, Record<string, string | number>> = {
  'analytical-engines.com': { industry: 'manufacturing', employees: 850, region: 'EMEA', tier: 'enterprise' },
  'cobol.example.org': { industry: 'software', employees: 320, region: 'NA', tier: 'mid-market' },
  'northwind.example.com': { industry: 'retail', employees: 1200, region: 'NA', tier: 'enterprise' },
};
