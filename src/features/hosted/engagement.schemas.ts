import { Type } from 'typebox';
import { Nullable } from '../../http/common.schemas.js';

/** Views, unique visitors, clicks and form submissions of one audience (and version), as engagement.service.ts counts them. */
export const EngagementCounts = Type.Object(
  {
    audienceId: Nullable(Type.String({ description: 'null: the page itself, without an audience.' })),
    versionId: Nullable(Type.String({ description: 'null: every version of the audience together.' })),
    views: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    uniqueVisitors: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    clicks: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    clickThroughRate: Type.Number({
      minimum: 0,
      description: 'clicks / views (4 decimals), 0 without views.',
    }),
    submissions: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Form submissions (leads), those marked a test left out (docs/forms.md).',
    }),
    conversionRate: Type.Number({
      minimum: 0,
      description: 'submissions / views (4 decimals), 0 without views.',
    }),
  },
  { title: 'EngagementCounts' },
);

export const PageEngagement = Type.Object(
  {
    pageId: Type.String(),
    items: Type.Array(EngagementCounts, { description: 'Per audience and version.' }),
    audiences: Type.Array(EngagementCounts, {
      description: 'Per audience, its versions together: a visitor counted once per audience.',
    }),
  },
  { title: 'PageEngagement' },
);
