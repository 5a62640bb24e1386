import type { IconName } from '../../../domain/page-blocks.js';

/** The built-in feature icons: stroke paths on a 24-unit grid, inline (no request, no font). */
const PATHS: Record<IconName, string[]> = {
  check: ['M20 6 9 17l-5-5'],
  clock: ['M12 7v5l3 2', 'M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z'],
  chart: ['M3 3v18h18', 'M7 15l4-4 3 3 5-6'],
  shield: ['M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z', 'm9 12 2 2 4-4'],
  link: [
    'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1',
    'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  ],
  spark: ['M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6'],
  users: [
    'M16 20v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1',
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M22 20v-1a4 4 0 0 0-3-3.9',
    'M16 3.1a4 4 0 0 1 0 7.8',
  ],
  document: ['M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z', 'M14 3v6h6', 'M8 13h8M8 17h5'],
  bank: ['M3 10h18L12 4z', 'M5 10v8M9.5 10v8M14.5 10v8M19 10v8', 'M3 20h18'],
  globe: [
    'M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
    'M3 12h18',
    'M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z',
  ],
};

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {(PATHS[name] ?? PATHS.check).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export function PlayIcon() {
  return (
    <svg viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="36" fill="rgba(255,255,255,.95)" />
      <path d="M29 23v26l21-13z" fill="#111827" />
    </svg>
  );
}
