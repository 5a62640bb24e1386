import type { Registry } from 'prom-client';

/** Latency buckets in seconds (Prometheus `le` bounds); +Inf is implicit. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { route: string; method: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative; made cumulative at scrape time). */
  buckets: Float64Array;
}

/**
 * Request count and latency per route template, method and status, kept in plain numbers and
 * turned into Prometheus metrics at scrape time. prom-client's own counters and histograms
 * validate and hash the label object on every observation, which showed in the cost of a GET;
 * here a request costs three map lookups by strings that already exist and a short loop.
 */
export class RequestStats {
  readonly #series = new Map<string, Map<string, Map<number, Series>>>();

  record(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.#series.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.#series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = {
        labels: { route, method, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Float64Array(LATENCY_BUCKETS.length),
      };
      byStatus.set(status, series);
    }
    series.count++;
    series.sum += seconds;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= LATENCY_BUCKETS[i]!) {
        series.buckets[i]!++;
        break;
      }
    }
  }

  *#all(): Generator<Series> {
    for (const byMethod of this.#series.values()) {
      for (const byStatus of byMethod.values()) yield* byStatus.values();
    }
  }

  /** Registers `quire_http_requests_total` and `quire_http_request_duration_seconds` in `registry`. */
  register(registry: Registry): void {
    const requests = {
      name: 'quire_http_requests_total',
      help: 'HTTP requests answered, by route template, method and status.',
      type: 'counter',
      aggregator: 'sum',
      get: async () => ({
        ...requests,
        values: [...this.#all()].map((series) => ({ labels: series.labels, value: series.count })),
      }),
      reset: () => {},
    };
    const latency = {
      name: 'quire_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response, by route template, method and status.',
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({ ...latency, values: [...this.#all()].flatMap(histogramValues) }),
      reset: () => {},
    };
    // prom-client accepts any object of this shape (its collectors' own interface).
    registry.registerMetric(requests as never);
    registry.registerMetric(latency as never);
  }
}

function histogramValues(series: Series) {
  const name = 'quire_http_request_duration_seconds';
  const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
  let cumulative = 0;
  LATENCY_BUCKETS.forEach((le, i) => {
    cumulative += series.buckets[i]!;
    values.push({ metricName: `${name}_bucket`, labels: { le, ...series.labels }, value: cumulative });
  });
  values.push({
    metricName: `${name}_bucket`,
    labels: { le: '+Inf', ...series.labels },
    value: series.count,
  });
  values.push({ metricName: `${name}_sum`, labels: series.labels, value: series.sum });
  values.push({ metricName: `${name}_count`, labels: series.labels, value: series.count });
  return values;
}
