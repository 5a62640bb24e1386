import type { ImageRef, PageBlock } from '../domain/page-blocks.js';
import { type FilesDeps, uploadFile } from '../features/files/files.service.js';
import { SEED_IMAGES } from './demo-blocks.js';
import { DEMO_IMAGES } from './demo-images.js';

/** Where each uploaded demo image goes: `${blockId}.${member}` -> the image. */
export type DemoImageRefs = Map<string, ImageRef>;

/** Uploads the demo's images (SEED_IMAGES) into the tenant's files, as an operator's upload would be. */
export async function uploadDemoImages(files: FilesDeps, tenantId: string): Promise<DemoImageRefs> {
  const refs: DemoImageRefs = new Map();
  for (const image of SEED_IMAGES) {
    const bytes = Buffer.from(DEMO_IMAGES[image.file]!, 'utf8');
    const file = await uploadFile(files, tenantId, { name: image.file, bytes });
    refs.set(`${image.blockId}.${image.member}`, {
      fileId: file.fileId,
      alt: image.alt,
      ...(file.width === null ? {} : { width: file.width }),
      ...(file.height === null ? {} : { height: file.height }),
    });
  }
  return refs;
}

/** The blocks with each uploaded image set on its member; without images, the blocks as they are. */
export function withDemoImages(blocks: PageBlock[], refs: DemoImageRefs): PageBlock[] {
  return blocks.map((block) => {
    const members = [...refs].filter(([key]) => key.startsWith(`${block.blockId}.`));
    if (members.length === 0) return block;
    const changed: Record<string, unknown> = { ...block };
    for (const [key, ref] of members) changed[key.slice(block.blockId.length + 1)] = ref;
    return changed as unknown as PageBlock;
  });
}
