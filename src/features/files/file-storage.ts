/**
 * Where file bytes live: one interface, two backends (local disk for one node, an S3-compatible
 * bucket for several). Keys are `<tenantId>/<fileId>/<variant>`; the database says which exist.
 * Every write is complete before it resolves (the local backend syncs to disk, S3 acknowledges
 * only a stored object), so an uploaded file that the API acknowledged survives a crash.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the objects; a missing one is not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** Object keys are built from ids Quire made, never from client input, but check anyway. */
export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) ||
    key.split('/').some((part) => part.startsWith('.'))
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
