import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStorage } from './file-storage.js';

/**
 * Files under `<DATA_DIR>/files`. A write goes to a temporary file that is synced and then renamed
 * over the target (and the directory synced), so a reader never sees half a file and an
 * acknowledged upload survives a power loss.
 */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = pathOf(key);
      const dir = path.dirname(target);
      await fs.mkdir(dir, { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
      const handle = await fs.open(temporary, 'w', 0o640);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, target);
      await syncDirectory(dir);
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(keys) {
      const dirs = new Set<string>();
      for (const key of keys) {
        const target = pathOf(key);
        await fs.rm(target, { force: true });
        dirs.add(path.dirname(target));
      }
      // A file's folder goes when its last variant does (rmdir refuses a folder that is not empty).
      for (const dir of dirs) await fs.rmdir(dir).catch(() => undefined);
    },
  };
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
