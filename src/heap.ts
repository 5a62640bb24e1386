import v8 from 'node:v8';

/**
 * After each full garbage collection V8 lets the heap grow to a multiple of what survived, up to
 * four times under load. Under the benchmark's load the service keeps about 35 MB alive, yet the
 * heap swelled to 150 MB of garbage between collections and resident memory peaked near 250 MB.
 * Growing by at most half of the live size kept the peak under 200 MB; a quarter (V8 still grows
 * by at least a few MB) took the old generation at the benchmark's peak from about 42 to 33 MB,
 * for a full collection every few seconds under load instead of every several (each mostly
 * concurrent, tens of ms of CPU for about 30 MB live): docs/performance.md, "Memory". An operator
 * who starts node with their own --heap-growing-percent keeps it.
 */
export const HEAP_GROWING_PERCENT = 25;

export function boundHeapGrowth(): void {
  if (process.execArgv.some((flag) => flag.startsWith('--heap-growing-percent'))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
