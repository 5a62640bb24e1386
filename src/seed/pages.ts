import type { Db } from '../db/schema.js';
import { createAudience } from '../features/audiences/audiences.service.js';
import type { CreatePageInput } from '../features/pages/pages.schemas.js';
import { archivePage, createPage } from '../features/pages/pages.service.js';
import { DEMO_BRAND_ID } from './brand.js';
import { DEMO_BLOCKS } from './demo-blocks.js';
import { type DemoImageRefs, withDemoImages } from './demo-uploads.js';

export const DEMO_PAGE: CreatePageInput = {
  brandId: DEMO_BRAND_ID,
  name: 'Loomwork: automate your month-end close',
  title: 'Close your books in two days, not ten',
  pageType: 'outbound',
  status: 'published',
  pageContext:
    'Loomwork is a finance automation platform for mid-market companies. It reconciles bank and card transactions, ' +
    'chases missing receipts and prepares journal entries, so finance teams close the month in two days. ' +
    'Typical buyer: a VP Finance or Controller at a 200-2000 person company running NetSuite or Sage Intacct.',
  actions: [
    {
      actionId: 'book-demo',
      actionIndex: 0,
      purpose: 'Book a 30-minute demo with a solutions engineer',
      buttonTitle: 'Book a demo',
      actionType: 'calendar',
      url: 'https://loomwork.example.com/demo',
    },
    {
      actionId: 'roi-calculator',
      actionIndex: 1,
      purpose: 'Estimate the hours saved per close',
      buttonTitle: 'Calculate your savings',
      actionType: 'link',
      url: 'https://loomwork.example.com/roi',
    },
  ],
  headerActionId: 'book-demo',
  // The logos are a block of the body now; widgets stay for pages written before blocks.
  actionCardWidgets: [],
  body: {
    headline: 'Close your books in two days, not ten',
    subheadline:
      'Loomwork reconciles your bank and card transactions, chases missing receipts and prepares journal entries, so your finance team reviews the close instead of building it.',
    blocks: DEMO_BLOCKS,
  },
  indexable: true,
  scripts: [
    {
      name: 'analytics',
      description: 'Privacy-friendly page analytics (off in the demo: it would load from another host)',
      enabled: false,
      content:
        '<script defer data-domain="loomwork.example.com" src="https://plausible.io/js/script.js"></script>',
    },
    {
      name: 'chat',
      description: 'Support chat widget (off for outbound pages)',
      enabled: false,
      content: '<script src="https://chat.example.com/w.js"></script>',
    },
  ],
  footerLinks: [
    {
      id: 'company',
      title: 'Company',
      links: [
        { id: 'about', text: 'About us', url: 'https://loomwork.example.com/about' },
        { id: 'careers', text: 'Careers', url: 'https://loomwork.example.com/careers' },
      ],
    },
    {
      id: 'legal',
      title: 'Legal',
      links: [
        { id: 'privacy', text: 'Privacy policy', url: 'https://loomwork.example.com/privacy' },
        { id: 'terms', text: 'Terms of service', url: 'https://loomwork.example.com/terms' },
      ],
    },
  ],
  metadata: {
    title: 'Loomwork: close your books in two days',
    description: 'Automated reconciliation, receipts and journal entries for mid-market finance teams.',
    keywords: ['month-end close', 'reconciliation', 'finance automation'],
    author: 'Loomwork',
    robots: ['noindex', 'nofollow'],
    canonicalUrl: 'https://loomwork.example.com/close',
    ogTitle: 'Close your books in two days',
    ogDescription: 'Finance automation for mid-market companies.',
    ogImageUrl: 'https://cdn.example.com/og/loomwork-close.png',
    ogImageAlt: 'A month-end close checklist, all ticked',
    ogSiteName: 'Loomwork',
    twitterTitle: 'Close your books in two days',
    twitterSite: '@loomwork',
    themeColor: '#1f6feb',
  },
};

/**
 * A realistic page with an audience for each of the three target accounts' persons (manufacturing,
 * software, retail), a general audience, and an archived page to restore.
 */
export async function seedPages(
  db: Db,
  tenantId: string,
  persons: { personId: string; softwarePersonId: string; retailPersonId: string },
  /** The uploaded demo images (demo-uploads.ts); none: the blocks render without them. */
  images: DemoImageRefs = new Map(),
): Promise<{
  pageId: string;
  pageSlug: string;
  audienceId: string;
  firstVersionId: string;
  softwareAudienceId: string;
  softwareVersionId: string;
  retailAudienceId: string;
  retailVersionId: string;
  archivedPageId: string;
}> {
  const page = await createPage(db, tenantId, {
    ...DEMO_PAGE,
    body: { ...DEMO_PAGE.body!, blocks: withDemoImages(DEMO_BLOCKS, images) },
  });
  const { audience, version } = await createAudience(db, tenantId, page.id, {
    personId: persons.personId,
    supplementaryContext: 'Met at the FinOps Summit; asked how the close works with multiple subsidiaries.',
  });
  const software = await createAudience(db, tenantId, page.id, { personId: persons.softwarePersonId });
  const retail = await createAudience(db, tenantId, page.id, { personId: persons.retailPersonId });
  await createAudience(db, tenantId, page.id, { customName: 'General visitors' });
  const old = await createPage(db, tenantId, {
    brandId: DEMO_BRAND_ID,
    name: 'Loomwork: spring webinar (ended)',
    title: 'Live webinar: the two-day close',
    pageType: 'inbound',
    status: 'published',
    pageContext: 'Registration page for a webinar that has taken place.',
    actions: [
      {
        actionId: 'register',
        actionIndex: 0,
        purpose: 'Register for the webinar',
        buttonTitle: 'Save my seat',
        actionType: 'form',
        url: 'https://loomwork.example.com/webinar',
      },
    ],
  });
  await archivePage(db, tenantId, old.id);
  return {
    pageId: page.id,
    pageSlug: page.slug!,
    audienceId: audience.id,
    firstVersionId: version.id,
    softwareAudienceId: software.audience.id,
    softwareVersionId: software.version.id,
    retailAudienceId: retail.audience.id,
    retailVersionId: retail.version.id,
    archivedPageId: old.id,
  };
}
