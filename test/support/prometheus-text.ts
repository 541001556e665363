import parsePrometheusTextFormat from "parse-prometheus-text-format";

/** One metric family as parse-prometheus-text-format reads it (prom2json's shape). */
export type MetricFamily = ReturnType<typeof parsePrometheusTextFormat>[number];

/** Reads Prometheus text with a real parser (never a regular expression), by family name. */
export function parseMetrics(text: string): Map<string, MetricFamily> {
  const families = parsePrometheusTextFormat(text);
  return new Map(families.map((family) => [family.name, family]));
}

/**
 * The value of a counter or gauge sample whose labels include `labels`; for a histogram, its
 * count. 0 when the family has no such sample, so "never counted" and "counted 0" read alike.
 */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = families.get(name);
  if (!family) throw new Error(`no metric ${name} among ${[...families.keys()].join(", ")}`);
  const sample = family.metrics.find((metric) =>
    Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
  );
  if (!sample) return 0;
  return Number(sample.value ?? sample.count);
}
