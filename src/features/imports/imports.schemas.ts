import { Type } from 'typebox';
import { Nullable, PathId } from '../../http/common.schemas.js';
import { FlagQuery } from '../../http/query-flags.js';

/** Operator API shapes of target-list imports (docs/imports.md). */

export const AdminImportPath = Type.Object({ tenant: PathId, import_id: PathId });

/** The cursor of a list in file order: the position of the next row (a page's `nextCursor`). */
export const ImportRowCursor = Type.Optional(
  Type.String({
    pattern: '^\\d{1,9}$',
    maxLength: 9,
    description: 'The `nextCursor` of the previous page.',
  }),
);

const Count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

export const ImportJob = Type.Object(
  {
    importId: Type.String(),
    pageId: Type.String(),
    status: Type.Union([
      Type.Literal('running'),
      Type.Literal('done'),
      Type.Literal('cancelled'),
      Type.Literal('failed'),
    ]),
    format: Type.Union([Type.Literal('csv'), Type.Literal('jsonl')]),
    fileName: Type.Union([Type.String(), Type.Null()]),
    bytes: Count,
    mapping: Type.Record(Type.String(), Type.String(), {
      description: 'Column → field (`email`, `name`, `domain`, …), `trait:<key>` or `ignore`.',
    }),
    rowsTotal: Count,
    rowsRead: Count,
    personsCreated: Count,
    personsUpdated: Count,
    accountsCreated: Count,
    accountsUpdated: Count,
    audiencesCreated: Count,
    rowsUnchanged: Count,
    draftsRequeued: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        'Audiences that already existed and got a new version queued for the agent because a row changed their ' +
        "person's or account's fields or traits (their draft was written from the old ones).",
    }),
    rejects: Count,
    drafts: Type.Object({
      queued: Count,
      done: Count,
      failed: Count,
    }),
    error: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'ImportJob' },
);

export const ImportReject = Type.Object({
  line: Count,
  column: Type.String({ description: 'The column (header) at fault; empty for the whole row.' }),
  reason: Type.String(),
});

export const ImportPreview = Type.Object(
  {
    format: Type.Union([Type.Literal('csv'), Type.Literal('jsonl')]),
    columns: Type.Array(Type.String()),
    mapping: Type.Record(Type.String(), Type.String()),
    rowsTotal: Count,
    rowsGood: Count,
    sample: Type.Array(Type.Object({ line: Count, values: Type.Record(Type.String(), Type.String()) })),
    rejects: Type.Array(ImportReject, { description: 'The first 100 problems.' }),
    rejectsTotal: Count,
  },
  { title: 'ImportPreview' },
);

export const ImportQuery = Type.Object({
  fileName: Type.Optional(
    Type.String({ maxLength: 255, description: 'The name of the file (its extension may tell the format).' }),
  ),
  mapping: Type.Optional(
    Type.String({
      maxLength: 20_000,
      description:
        'A JSON object: column → `email`, `name`, `firstName`, `lastName`, `company`, `domain`, `title`, `linkedin`, `phone`, `industry`, `employees`, `region`, `tier`, `trait:<key>` or `ignore`. Columns not named keep the proposed mapping.',
    }),
  ),
  dryRun: FlagQuery(
    'Check the file and answer its preview (columns, mapping, first rows, problems); nothing is written.',
  ),
});

export const ReviewItem = Type.Object({
  line: Count,
  outcome: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('unchanged')]),
  audienceId: Type.String(),
  personId: Type.Union([Type.String(), Type.Null()]),
  personName: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  accountId: Type.Union([Type.String(), Type.Null()]),
  accountName: Type.Union([Type.String(), Type.Null()]),
  domain: Type.Union([Type.String(), Type.Null()]),
  archived: Type.Boolean(),
  versionId: Type.Union([Type.String(), Type.Null()]),
  versionStatus: Type.Union([Type.String(), Type.Null()]),
  reply: Type.Union([Type.String(), Type.Null()]),
  reasoning: Type.Union([Type.String(), Type.Null()], {
    description: "The agent's reasoning: which blocks it shows and why (the rule decisions).",
  }),
  grounded: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'For a draft: whether it passed the grounding check.',
  }),
  content: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});

export const PublishImportBody = Type.Object(
  {
    audienceIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 20_000 }),
    ),
    allGrounded: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const PublishImportResult = Type.Object({
  published: Type.Array(Type.String()),
  skipped: Type.Array(Type.Object({ audienceId: Type.String(), reason: Type.String() })),
});

export const ImportEngagementItem = Type.Object(
  {
    line: Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'The first line of the file that names this audience.',
    }),
    audienceId: Type.String(),
    personName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    accountId: Nullable(Type.String()),
    accountName: Nullable(
      Type.String({ description: "The account's name (a general audience's own name)." }),
    ),
    domain: Nullable(Type.String()),
    archived: Type.Boolean(),
    publicUrl: Nullable(
      Type.String({ description: "The audience's public page; null while the page has no slug." }),
    ),
    views: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Visits: views of the page, one per visitor per 30 minutes.',
    }),
    uniqueVisitors: Count,
    clicks: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "Clicks on the page's buttons, one per visitor per button per 30 minutes.",
    }),
    submissions: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Form submissions, those marked a test left out.',
    }),
    lastSeenAt: Nullable(
      Type.String({ format: 'date-time', description: 'The latest view, click or submission.' }),
    ),
  },
  { title: 'ImportEngagementItem' },
);

export const ImportEngagementTotals = Type.Object(
  {
    audiences: Count,
    audiencesVisited: Count,
    audiencesClicked: Count,
    audiencesSubmitted: Count,
    accounts: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "Distinct accounts of the import's audiences (a person without a domain has none).",
    }),
    accountsVisited: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Accounts with at least one audience viewed.',
    }),
    accountsClicked: Count,
    accountsSubmitted: Count,
    views: Count,
    clicks: Count,
    submissions: Count,
  },
  { title: 'ImportEngagementTotals' },
);

export const ImportEngagement = Type.Object(
  {
    importId: Type.String(),
    pageId: Type.String(),
    totals: Type.Union([ImportEngagementTotals, Type.Null()], {
      description: 'On the first page (no cursor); null on the next ones.',
    }),
    items: Type.Array(ImportEngagementItem),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'ImportEngagement' },
);
