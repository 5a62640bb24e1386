import path from 'node:path';
import type { Config } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { localStorage } from './local-storage.js';
import { s3Storage } from './s3-storage.js';

/** FILE_STORAGE=s3 (with its S3_* variables) or the local disk under DATA_DIR/files. */
export function storageFromConfig(config: Pick<Config, 'dataDir' | 'files'>): FileStorage {
  if (config.files.storage === 's3' && config.files.s3 !== null) return s3Storage(config.files.s3);
  return localStorage(path.join(config.dataDir, 'files'));
}
