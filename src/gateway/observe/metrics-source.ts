/** Where `/metrics` reads its text: the gateway's metrics registry, in the Prometheus text format. */
export interface MetricsSource {
  /** The `Content-Type` of {@link MetricsSource.render}'s text. */
  readonly contentType: string;
  render(): Promise<string>;
}
