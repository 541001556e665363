import { errorText } from "../errors.js";

/** A span attribute's value, as OpenTelemetry takes it. */
export type AttributeValue = string | number | boolean | readonly string[];

/** Attributes to set; `undefined` values are left out. */
export type Attributes = Readonly<Record<string, AttributeValue | undefined>>;

/** What instrumented code may do with its span: add attributes, or mark it failed. A no-op without OpenTelemetry. */
export interface SpanRecorder {
  set(attributes: Attributes): void;
  /** Marks the span as failed (status ERROR) with a reason, without an exception: the work answered, with a failure. */
  fail(reason: string): void;
}

/** What toolsift uses of `@opentelemetry/api`; the package's own module fits it. */
interface OtelApi {
  trace: { getTracer(name: string): Tracer };
  SpanStatusCode: { ERROR: number };
  SpanKind: { INTERNAL: number; CLIENT: number };
}

interface Tracer {
  startActiveSpan<T>(
    name: string,
    options: { kind: number; attributes: Record<string, AttributeValue> },
    work: (span: Span) => T,
  ): T;
}

interface Span {
  setAttributes(attributes: Record<string, AttributeValue>): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException(exception: Error | string): unknown;
  end(): void;
}

const NO_SPAN: SpanRecorder = { set: () => undefined, fail: () => undefined };
const TRACER_NAME = "toolsift";

let loading: Promise<OtelApi | undefined> | undefined;

/**
 * `@opentelemetry/api`, loaded on first use, or `undefined` when it is not installed: toolsift
 * never loads it at import, and never needs it. The API is a no-op until the application
 * registers an OpenTelemetry SDK, so with it installed and unused a span costs next to nothing.
 */
export function loadOpenTelemetry(): Promise<OtelApi | undefined> {
  loading ??= import("@opentelemetry/api").then(
    (api) => api as unknown as OtelApi,
    () => undefined,
  );
  return loading;
}

/**
 * Where `@opentelemetry/api` 1.x keeps what an application registered through it (its
 * `registerGlobal`): one object per process, holding the tracer provider as `trace`.
 */
const OTEL_API_GLOBAL = Symbol.for("opentelemetry.js.api.1");

/**
 * Whether the application registered a tracer provider with `@opentelemetry/api`. Until it
 * does, every span the API starts records nothing, so toolsift does not load the API (about
 * seventy modules, tens of milliseconds of the first search) just to make no-op spans.
 */
function tracerProviderRegistered(): boolean {
  const registered: unknown = (globalThis as { [OTEL_API_GLOBAL]?: unknown })[OTEL_API_GLOBAL];
  return typeof registered === "object" && registered !== null && "trace" in registered;
}

/**
 * Runs `work` inside an active span named `name` when an application has registered an
 * OpenTelemetry tracer provider (so spans it causes nest under it, given a context manager),
 * and simply runs it otherwise. A rejection of
 * `work` is recorded on the span and passed on; a failure of the tracer itself never reaches
 * the work: it then runs without a span.
 */
export async function traced<T>(
  name: string,
  kind: "internal" | "client",
  attributes: Attributes,
  work: (span: SpanRecorder) => Promise<T>,
): Promise<T> {
  const api = tracerProviderRegistered() ? await loadOpenTelemetry() : undefined;
  if (!api) return work(NO_SPAN);
  let started = false;
  try {
    const tracer = api.trace.getTracer(TRACER_NAME);
    const options = {
      kind: kind === "client" ? api.SpanKind.CLIENT : api.SpanKind.INTERNAL,
      attributes: defined(attributes),
    };
    return await tracer.startActiveSpan(name, options, async (span) => {
      started = true;
      try {
        return await work(recorderOf(span, api));
      } catch (error) {
        quietly(() => {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: api.SpanStatusCode.ERROR, message: errorText(error) });
        });
        throw error;
      } finally {
        quietly(() => span.end());
      }
    });
  } catch (error) {
    if (started) throw error;
    return work(NO_SPAN);
  }
}

function recorderOf(span: Span, api: OtelApi): SpanRecorder {
  return {
    set: (attributes) => quietly(() => span.setAttributes(defined(attributes))),
    fail: (reason) => quietly(() => span.setStatus({ code: api.SpanStatusCode.ERROR, message: reason })),
  };
}

function defined(attributes: Attributes): Record<string, AttributeValue> {
  const result: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) result[key] = value;
  return result;
}

/** Telemetry must never break what it observes. */
function quietly(action: () => unknown): void {
  try {
    action();
  } catch {
    // See above.
  }
}
