/** Timestamps are stored as epoch milliseconds and sent as RFC 3339 UTC strings with ms and `Z`. */
export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

export function toIsoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
