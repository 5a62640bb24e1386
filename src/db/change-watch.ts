import type {
  FromNode,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A change stamp per database handle: a number that moves whenever this process writes (insert,
 * update, delete) to one of the tables a hosted page is rendered from. A cache of what was read
 * from them (src/features/hosted/resolve-cache.ts) keeps the stamp it was read under and is stale
 * once the stamp moved, so a change made through this process is seen by its next request.
 *
 * The stamp moves when the statement is built and again when it has run; a reader that read between
 * the two and the commit may keep the old rows, which the cache's time bound covers (docs/hosted-pages.md).
 * Other processes' writes are not seen here: they reach the cache through the wake-ups and the
 * time bound. Every write to these tables goes through Kysely's builder (no raw SQL writes them).
 */
const WATCHED = new Set([
  'tenants',
  'pages',
  'audiences',
  'audience_versions',
  'assets',
  'files',
  'brands',
  'experiments',
  'experiment_phases',
  // A form prefills the person's name.
  'persons',
]);

export class ChangeWatch implements KyselyPlugin {
  #stamp = 0;
  readonly #writes = new WeakSet<object>();

  /** Moves the stamp; also called for changes this process learns of otherwise (a wake-up). */
  bump(): void {
    this.#stamp++;
  }

  get stamp(): number {
    return this.#stamp;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writesWatched(args.node)) {
      this.bump();
      this.#writes.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // After the statement ran: a reader that took the stamp meanwhile re-reads at its next request.
    if (this.#writes.has(args.queryId)) this.bump();
    return args.result;
  }
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return undefined;
}

function writesWatched(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return WATCHED.has(tableName(node.into) ?? '');
    case 'UpdateQueryNode': {
      const table = node.table;
      if (table === undefined) return false;
      if (table.kind === 'FromNode')
        return (table as FromNode).froms.some((from) => WATCHED.has(tableName(from) ?? ''));
      return WATCHED.has(tableName(table) ?? '');
    }
    case 'DeleteQueryNode':
      return node.from.froms.some((from) => WATCHED.has(tableName(from) ?? ''));
    default:
      return false;
  }
}

const watches = new WeakMap<object, ChangeWatch>();

export function setChangeWatch(db: object, watch: ChangeWatch): void {
  watches.set(db, watch);
}

/** The change watch of a database handle (undefined for one opened without it, e.g. a test's own). */
export function changeWatchOf(db: object): ChangeWatch | undefined {
  return watches.get(db);
}
