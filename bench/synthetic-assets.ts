import { ASSET_TYPES } from '../src/features/assets/assets.schemas.js';
import type { NewAsset } from '../src/features/assets/assets.service.js';

/**
 * Deterministic synthetic assets for the search benchmark and the query-plan test: names, tags,
 * purposes and descriptions drawn from a vocabulary of a few thousand made-up words, so a word
 * matches a realistic share of the assets rather than all or none.
 */
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ran',
  'tes',
  'vo',
  'zu',
  'pel',
  'dor',
  'fi',
  'gan',
  'sho',
  'bri',
  'nex',
  'qua',
];

export function vocabulary(size: number): string[] {
  const words: string[] = [];
  for (let i = 0; words.length < size; i++) {
    const a = SYLLABLES[i % SYLLABLES.length]!;
    const b = SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length]!;
    const c = SYLLABLES[Math.floor(i / SYLLABLES.length ** 2) % SYLLABLES.length]!;
    words.push(`${a}${b}${c}`);
  }
  return words;
}

/** A small deterministic pseudo-random generator (mulberry32), so runs are comparable. */
export function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticAssets(count: number, seed = 1): NewAsset[] {
  const words = vocabulary(3000);
  const random = randomSource(seed);
  // Skewed picks: low-index words are common, high-index ones rare, as in real text.
  const pick = () => words[Math.floor(words.length * random() ** 2)]!;
  const phrase = (n: number) => Array.from({ length: n }, pick).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    assetType: ASSET_TYPES[i % ASSET_TYPES.length]!,
    name: phrase(3),
    purpose: phrase(6),
    fileId: `file_${i}`,
    hidden: i % 50 === 0,
    tags: [pick(), pick()],
    aiDescription: i % 2 === 0 ? phrase(15) : null,
  }));
}
