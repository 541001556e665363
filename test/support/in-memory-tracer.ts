import { AsyncLocalStorage } from "node:async_hooks";
import { expect } from "vitest";
import {
  ROOT_CONTEXT,
  context,
  trace,
  type Attributes,
  type Context,
  type ContextManager,
  type Span,
  type SpanContext,
  type SpanOptions,
  type SpanStatus,
  type Tracer,
  type TracerProvider,
} from "@opentelemetry/api";

/** A span as the in-memory tracer recorded it. */
export interface RecordedSpan {
  name: string;
  tracer: string;
  kind: number | undefined;
  attributes: Attributes;
  status: SpanStatus | undefined;
  exceptions: unknown[];
  spanId: string;
  /** The span that was active when this one started, if any. */
  parentId: string | undefined;
  ended: boolean;
}

/**
 * A tiny OpenTelemetry SDK for tests, registered through the real `@opentelemetry/api`: a
 * tracer provider that records every span in memory, and an AsyncLocalStorage context manager,
 * so a span started inside another's async work has it as its parent (what the Node SDK's
 * context manager does). `uninstall()` puts the API back to its no-op defaults.
 *
 * @example
 * ```ts
 * const tracing = installInMemoryTracer();
 * afterAll(() => tracing.uninstall());
 * ```
 */
export function installInMemoryTracer(): {
  spans: RecordedSpan[];
  /** The recorded spans of this name, in start order. */
  named(name: string): RecordedSpan[];
  /** The one recorded span of this name; fails the test if there are none or several. */
  only(name: string): RecordedSpan;
  reset(): void;
  uninstall(): void;
} {
  const spans: RecordedSpan[] = [];
  let ids = 0;

  class RecordingSpan implements Span {
    constructor(readonly record: RecordedSpan) {}
    spanContext(): SpanContext {
      return { traceId: `${"0".repeat(31)}1`, spanId: this.record.spanId, traceFlags: 1 };
    }
    setAttribute(key: string, value: Attributes[string]): this {
      this.record.attributes = { ...this.record.attributes, [key]: value };
      return this;
    }
    setAttributes(attributes: Attributes): this {
      this.record.attributes = { ...this.record.attributes, ...attributes };
      return this;
    }
    addEvent(): this {
      return this;
    }
    addLink(): this {
      return this;
    }
    addLinks(): this {
      return this;
    }
    setStatus(status: SpanStatus): this {
      this.record.status = status;
      return this;
    }
    updateName(name: string): this {
      this.record.name = name;
      return this;
    }
    end(): void {
      this.record.ended = true;
    }
    isRecording(): boolean {
      return !this.record.ended;
    }
    recordException(exception: unknown): void {
      this.record.exceptions.push(exception);
    }
  }

  const tracerOf = (tracerName: string): Tracer => {
    const startSpan = (name: string, options: SpanOptions = {}, parentContext: Context = context.active()): Span => {
      const parent = trace.getSpan(parentContext);
      const record: RecordedSpan = {
        name,
        tracer: tracerName,
        kind: options.kind,
        attributes: { ...options.attributes },
        status: undefined,
        exceptions: [],
        spanId: (++ids).toString(16).padStart(16, "0"),
        parentId: parent?.spanContext().spanId,
        ended: false,
      };
      spans.push(record);
      return new RecordingSpan(record);
    };
    const startActiveSpan = (name: string, ...rest: unknown[]): unknown => {
      const work = rest.pop() as (span: Span) => unknown;
      const [options, parentContext] = rest as [SpanOptions | undefined, Context | undefined];
      const parent = parentContext ?? context.active();
      const span = startSpan(name, options, parent);
      return context.with(trace.setSpan(parent, span), work, undefined, span);
    };
    return { startSpan, startActiveSpan } as Tracer;
  };

  const storage = new AsyncLocalStorage<Context>();
  const manager: ContextManager = {
    active: () => storage.getStore() ?? ROOT_CONTEXT,
    with: (activeContext, fn, thisArg, ...args) => storage.run(activeContext, () => fn.call(thisArg, ...args)),
    bind: (_context, target) => target,
    enable() {
      return this;
    },
    disable() {
      storage.disable();
      return this;
    },
  };
  const provider: TracerProvider = { getTracer: (name) => tracerOf(name) };
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(manager);
  const named = (name: string) => spans.filter((span) => span.name === name);
  return {
    spans,
    named,
    only: (name) => {
      const found = named(name);
      expect(found, `spans named ${name}`).toHaveLength(1);
      return found[0]!;
    },
    reset: () => void spans.splice(0),
    uninstall: () => {
      trace.disable();
      context.disable();
    },
  };
}
