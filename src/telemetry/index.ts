export { loadOpenTelemetry, traced, type AttributeValue, type Attributes, type SpanRecorder } from "./traced.js";
