import type { Db } from '../db/schema.js';
import { createAsset, type NewAsset } from '../features/assets/assets.service.js';
import { applyAssetAction } from '../features/assets/assets-operator.service.js';

const DEMO_ASSETS: NewAsset[] = [
  {
    assetType: 'image',
    name: 'Pricing page hero',
    purpose: 'Hero image of the pricing page',
    fileId: 'demo/pricing-hero.png',
    hidden: false,
    tags: ['hero', 'pricing'],
    aiDescription: 'A team around a whiteboard covered in charts, morning light',
  },
  {
    assetType: 'logo',
    name: 'Analytical Engines logo',
    purpose: 'Customer logo for case studies',
    fileId: 'demo/analytical-engines.svg',
    hidden: false,
    tags: ['customer', 'brass'],
    aiDescription: 'Brass gears forming the letters AE',
  },
  {
    assetType: 'icon',
    name: 'Calendar icon',
    purpose: 'Book a meeting button',
    fileId: 'demo/calendar.svg',
    hidden: false,
    tags: ['meeting', 'cta'],
    aiDescription: null,
  },
  {
    assetType: 'video',
    name: 'Product tour',
    purpose: 'Two-minute walkthrough',
    fileId: 'demo/tour.mp4',
    hidden: false,
    tags: ['onboarding'],
    aiDescription: 'Screen recording of the page editor with narration',
  },
  {
    assetType: 'custom-component',
    name: 'ROI calculator',
    purpose: 'Interactive savings estimate',
    fileId: 'demo/roi-calculator.js',
    hidden: false,
    tags: ['calculator', 'pricing'],
    aiDescription: 'Sliders for team size and hours saved',
  },
  {
    assetType: 'image',
    name: 'Internal draft banner',
    purpose: 'Not for customers',
    fileId: 'demo/draft-banner.png',
    hidden: true,
    tags: ['draft'],
    aiDescription: null,
  },
];

/** Demo assets of every type with tags and descriptions; one hidden, one more trashed. */
export async function seedAssets(db: Db, tenantId: string): Promise<{ assetId: string }> {
  const ids: string[] = [];
  for (const asset of DEMO_ASSETS) ids.push((await createAsset(db, tenantId, asset)).record.id);
  const old = await createAsset(db, tenantId, {
    ...DEMO_ASSETS[0]!,
    name: 'Old pricing hero',
    fileId: 'demo/old.png',
  });
  await applyAssetAction(db, tenantId, old.record.id, 'trash');
  return { assetId: ids[0]! };
}
