import { type ChangeWatch, changeWatchOf } from '../../db/change-watch.js';
import type { Db } from '../../db/schema.js';
import { EVENTS_CHANNEL, onWakeup } from '../../db/wakeups.js';
import type { Brand } from '../brands/brands.schemas.js';
import { loadPageBrand } from '../brands/brands.service.js';
import { type RunningExperiment, runningExperiment } from '../experiments/experiments.service.js';
import { pageBody } from '../pages/pages.schemas.js';
import { findPerson } from '../persons/persons.repository.js';
import { blockAssetFiles, type Resolved, resolvePage } from './load-page.js';

/**
 * What a public URL shows, as read from the database (the handle's tenant, the page, the
 * audience, its published version, the brand, the blocks' images, the page's running
 * experiment and the name a form prefills), kept in memory so a visit reads nothing from the database (docs/hosted-pages.md,
 * "Caching"). An entry is used while both hold:
 * - the process wrote none of the tables it was read from since (src/db/change-watch.ts), and no
 *   wake-up arrived (PostgreSQL: the NOTIFY sent with every outbox event, so a publish, an edit of
 *   the page, brand or an asset made through another process drops every entry at once);
 * - it was read less than MAX_AGE_MS ago: the bound on how long another process's change can go
 *   unseen (SQLite has no wake-ups; a lost notification or a change without an event).
 */
export const MAX_AGE_MS = 1000;
const MAX_ENTRIES = 2000;

export interface Snapshot {
  resolved: Resolved;
  brand: Brand | null;
  images: Map<string, { fileId: string; alt: string }>;
  experiment: RunningExperiment;
  /** The page shows a form (serve-form.ts). */
  hasForm: boolean;
  /** The person's name where a form prefills it (serve-form.ts), else null. */
  personName: string | null;
  /** The render cache key's part that depends on what was read (page-cache.ts). */
  key: string;
}

interface Entry {
  snapshot: Snapshot;
  stamp: number;
  readAt: number;
}

export class ResolveCache {
  readonly #db: Db;
  readonly #watch: ChangeWatch | undefined;
  readonly #entries = new Map<string, Entry>();
  readonly #stop: () => void;

  constructor(db: Db, listen: boolean, now: () => number = Date.now) {
    this.#db = db;
    this.#watch = changeWatchOf(db);
    this.now = now;
    const watch = this.#watch;
    this.#stop = watch === undefined ? () => {} : onWakeup(db, EVENTS_CHANNEL, listen, () => watch.bump());
  }

  readonly now: () => number;

  close(): void {
    this.#stop();
  }

  /** The snapshot `get` would answer without reading, or undefined when it would read (page-lane.ts). */
  peek(handle: string, slug: string, routeKey: string | null): Snapshot | undefined {
    const watch = this.#watch;
    if (watch === undefined) return undefined;
    const hit = this.#entries.get(idOf(handle, slug, routeKey));
    return hit !== undefined && hit.stamp === watch.stamp && this.now() - hit.readAt < MAX_AGE_MS
      ? hit.snapshot
      : undefined;
  }

  async get(handle: string, slug: string, routeKey: string | null): Promise<Snapshot> {
    const watch = this.#watch;
    // A handle opened without the watch (a traced dialect keeps it too; a test's own Kysely) reads each time.
    if (watch === undefined) return load(this.#db, handle, slug, routeKey);
    const id = idOf(handle, slug, routeKey);
    const now = this.now();
    const hit = this.#entries.get(id);
    if (hit !== undefined && hit.stamp === watch.stamp && now - hit.readAt < MAX_AGE_MS) return hit.snapshot;
    // The stamp and time before reading: a change during the read makes the entry stale at once.
    const stamp = watch.stamp;
    const snapshot = await load(this.#db, handle, slug, routeKey);
    if (hit !== undefined) this.#entries.delete(id);
    this.#entries.set(id, { snapshot, stamp, readAt: now });
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    return snapshot;
  }
}

function idOf(handle: string, slug: string, routeKey: string | null): string {
  return routeKey === null ? `${handle}\n${slug}` : `${handle}\n${slug}\n${routeKey}`;
}

async function load(db: Db, handle: string, slug: string, routeKey: string | null): Promise<Snapshot> {
  const resolved = await resolvePage(db, handle, slug, routeKey);
  if (!resolved.found) {
    return {
      resolved,
      brand: null,
      images: new Map(),
      experiment: null,
      hasForm: false,
      personName: null,
      key: '',
    };
  }
  const { tenantId, page, audience, version } = resolved;
  const brand = await loadPageBrand(db, tenantId, page.brand_id);
  const images = await blockAssetFiles(db, tenantId, page);
  const experiment = audience === null ? null : await runningExperiment(db, tenantId, page.id);
  const forms = (pageBody(page)?.blocks ?? []).filter((b) => b.type === 'form');
  const personId = audience?.person_id ?? null;
  // Only a person's own name, and only where the operator asked: never the email or the phone.
  const person =
    personId !== null && forms.some((f) => f.type === 'form' && f.prefillName === true)
      ? await findPerson(db, tenantId, personId)
      : undefined;
  // Everything the rendering depends on: the page's, the audience's and the brand's edit times,
  // the version and the images' assets.
  const key = [
    tenantId,
    page.id,
    page.updated_at,
    brand?.updatedAt,
    audience?.id,
    audience?.updated_at,
    version?.id,
    ...[...images].map(([assetId, image]) => `${assetId}:${image.fileId}:${image.alt}`),
  ].join('|');
  return {
    resolved,
    brand,
    images,
    experiment,
    hasForm: forms.length > 0,
    personName: person?.name ?? null,
    key: `${key}|${person?.name ?? ''}`,
  };
}
