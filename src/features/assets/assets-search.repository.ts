import { type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { AssetsTable, Executor } from '../../db/schema.js';
import { newestFirst, type SortKey } from '../../db/sort-key.js';
import { ASSET_COLUMNS } from './assets.repository.js';
import { fts5Match, type SearchTerms, TENANT_KEY_PLACEHOLDER, tsquery } from './search-text.js';

/**
 * The SQL of asset search. Matching uses the full-text index of each database (FTS5 on SQLite, a
 * GIN-indexed tsvector on PostgreSQL); both index only searchable assets (active, not hidden).
 * Every indexed word carries its tenant's key (migrations 0011 and 0012), so a search reads its
 * own tenant's doclists or posting lists only. On SQLite the matches are ranked from
 * `assets_search`, read by FTS rowid.
 *
 * Relevance is a score computed from the row and the query alone, identical on both databases:
 * for each query word, 8 if it is a word of the name, 4 of a tag, 2 of the purpose, 1 of the
 * aiDescription (the last word as a prefix). Unlike bm25, it does not move when other assets are
 * added, so a cursor (score, createdAt, id) never skips or repeats an asset while paging.
 */
const VISIBLE = sql`a.lifecycle_state = 'active' and a.hidden = 0`;
const FIELD_WEIGHTS = [
  ['search_name', 8],
  ['search_tags', 4],
  ['search_purpose', 2],
  ['search_ai', 1],
] as const;

export interface SearchOptions {
  terms: SearchTerms;
  assetType: string | undefined;
  /** The (score, created_at, id) of the previous page's last row. */
  after: SortKey | null;
  limit: number;
  /** How many matches are ranked at most (SEARCH_CANDIDATES unless a test sets it). */
  candidates?: number;
}

export type ScoredAsset = AssetsTable & { score: number };

function columns(alias: string) {
  return sql.join(ASSET_COLUMNS.map((column) => sql.ref(`${alias}.${column}`)));
}

/** The relevance score of the row `alias` (which has the four `search_*` columns). */
function scoreOf(db: Executor, terms: SearchTerms, alias: string): RawBuilder<number> {
  const position = sql.raw(dialectOf(db) === 'postgres' ? 'strpos' : 'instr');
  const patterns = [...terms.exact.map((word) => ` ${word} `), ` ${terms.prefix}`];
  const parts = patterns.flatMap((pattern) =>
    FIELD_WEIGHTS.map(
      ([field, weight]) =>
        sql`case when ${position}(${sql.ref(`${alias}.${field}`)}, ${pattern}) > 0 then ${sql.lit(weight)} else 0 end`,
    ),
  );
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/**
 * The FTS5 MATCH of a search with the tenant's key in every term. A tenant with no key has never
 * had an asset: 'x' then stands in for it, and matches nothing (every indexed term starts with 't').
 */
function sqliteMatch(tenantId: string, assetType: string | undefined, terms: SearchTerms) {
  const key = sql`coalesce((select printf('t%08x', key) from search_tenant_keys where tenant_id = ${tenantId}), 'x')`;
  return sql`replace(${fts5Match(assetType, terms)}, ${TENANT_KEY_PLACEHOLDER}, ${key})`;
}

/**
 * The tsquery of a search with the tenant's key in every lexeme, as migration 0012 stores them
 * ('k' + 8 hex digits of md5(tenant_id)). Cast, not parsed by to_tsquery: the lexemes are
 * search-text.ts's words, exactly as stored.
 */
function postgresQuery(tenantId: string, terms: SearchTerms) {
  const key = sql`'k' || left(md5(${tenantId}), 8)`;
  return sql`(replace(${tsquery(terms)}, ${TENANT_KEY_PLACEHOLDER}, ${key}))::tsquery`;
}

/**
 * The cost limit of one search: at most this many matches are scored and ranked, the most recently
 * indexed ones. A word found in most of a large tenant's assets would otherwise score and sort all
 * of them on every page (on SQLite blocking the process meanwhile). `totalCount` stays exact.
 */
export const SEARCH_CANDIDATES = 5_000;

/**
 * The matching assets' keys with their score; the caller orders and pages. Only the key and the
 * sort columns: a common word matches thousands of assets in a large tenant, and carrying every
 * column of each through the sort cost as much as finding them (pageQuery reads the full rows of
 * the page alone).
 */
function matches(
  db: Executor,
  tenantId: string,
  terms: SearchTerms,
  assetType: string | undefined,
  candidates: number,
) {
  if (dialectOf(db) === 'postgres') {
    const keys = sql`a.tenant_id, a.id, a.created_at, ${scoreOf(db, terms, 'a')} as score`;
    return sql`select ${keys} from (
        select a.* from assets a
        where a.tenant_id = ${tenantId} and ${VISIBLE}
        ${assetType === undefined ? sql`` : sql`and a.data_type = ${assetType}`}
        and a.search_vector @@ ${postgresQuery(tenantId, terms)}
        order by a.created_at desc, a.id desc
        limit ${sql.lit(candidates)}
      ) a`;
  }
  // Newest first in the full-text index (rowids grow with each indexed asset), stopping at the cap.
  // The tenant_id check is redundant with the tenant-scoped terms, and kept as a second guard.
  return sql`select s.tenant_id, s.asset_id as id, s.created_at, ${scoreOf(db, terms, 's')} as score
    from assets_search_fts f
    join assets_search s on s.rowid = f.rowid
    where assets_search_fts match ${sqliteMatch(tenantId, assetType, terms)} and s.tenant_id = ${tenantId}
    order by f.rowid desc
    limit ${sql.lit(candidates)}`;
}

/** The statement of one page of a word search (exported for the benchmark's query-plan check). */
export function pageQuery(db: Executor, tenantId: string, options: SearchOptions) {
  const after = options.after;
  const order = sql`order by m.score desc, m.created_at desc, m.id desc`;
  return sql<ScoredAsset>`select ${columns('a')}, m.score from (
      select * from (${matches(db, tenantId, options.terms, options.assetType, options.candidates ?? SEARCH_CANDIDATES)}) m
      ${after === null ? sql`` : sql`where (m.score, m.created_at, m.id) < (${after[0]}, ${after[1]}, ${after[2]})`}
      ${order}
      limit ${options.limit}
    ) m
    join assets a on a.tenant_id = m.tenant_id and a.id = m.id
    ${order}`;
}

/** One page of matches: relevance first, then newest. */
export async function searchAssetsByWords(
  db: Executor,
  tenantId: string,
  options: SearchOptions,
): Promise<ScoredAsset[]> {
  return (await pageQuery(db, tenantId, options).execute(db)).rows;
}

/** The exact number of matches, counted on the full-text index. */
export async function countAssetsByWords(
  db: Executor,
  tenantId: string,
  terms: SearchTerms,
  assetType: string | undefined,
): Promise<number> {
  const query =
    dialectOf(db) === 'postgres'
      ? sql<{ n: number }>`select count(*) as n from assets a
          where a.tenant_id = ${tenantId} and ${VISIBLE}
          ${assetType === undefined ? sql`` : sql`and a.data_type = ${assetType}`}
          and a.search_vector @@ ${postgresQuery(tenantId, terms)}`
      : // Exact without a tenant check: only this tenant's terms carry its key.
        sql<{ n: number }>`select count(*) as n from assets_search_fts
          where assets_search_fts match ${sqliteMatch(tenantId, assetType, terms)}`;
  const row = (await query.execute(db)).rows[0];
  return Number(row?.n ?? 0);
}

/** Searchable assets newest first (search without words), on the partial indexes. */
export async function listVisibleAssets(
  db: Executor,
  tenantId: string,
  options: { assetType: string | undefined; after: SortKey | null; limit: number },
) {
  let query = db
    .selectFrom('assets as a')
    .select(ASSET_COLUMNS)
    .where('tenant_id', '=', tenantId)
    // Literal, not bound, so the planners see that the partial indexes apply.
    .where(VISIBLE as RawBuilder<boolean>);
  if (options.assetType !== undefined) query = query.where('data_type', '=', options.assetType);
  return newestFirst(query, options.after, options.limit).execute();
}
