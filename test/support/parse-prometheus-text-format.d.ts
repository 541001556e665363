declare module "parse-prometheus-text-format" {
  /** Parses Prometheus text format into prom2json's shape: one object per metric family. */
  const parse: (text: string) => {
    name: string;
    help: string;
    type: string;
    metrics: {
      value?: string;
      labels?: Record<string, string>;
      count?: string;
      sum?: string;
      buckets?: Record<string, string>;
    }[];
  }[];
  export default parse;
}
