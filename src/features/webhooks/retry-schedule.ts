/** The longest wait between two attempts of a delivery. */
export const MAX_RETRY_DELAY_MS = 6 * 3_600_000;

/**
 * The wait after failed attempt `attempt` (1 for the first): `baseMs` times 3 for each attempt
 * before it, at most 6 h, then spread by ±20 % (jitter) so that the deliveries of an endpoint that
 * came back do not all retry in the same instant. With the defaults (5 s, 12 attempts) the retries
 * span about 22 hours: 5 s, 15 s, 45 s, 2¼ min, 6¾ min, 20 min, 1 h, 3 h, then 6 h three times.
 */
export function retryDelayMs(attempt: number, baseMs: number, random = Math.random()): number {
  const exponential = Math.min(baseMs * 3 ** Math.max(attempt - 1, 0), MAX_RETRY_DELAY_MS);
  return Math.round(exponential * (0.8 + 0.4 * random));
}
