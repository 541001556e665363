import { describeValue } from "../../describe-value.js";
import { configPath } from "../settings/config-path.js";
import { DEFAULT_AUDIT_KEEP, DEFAULT_AUDIT_MAX_BYTES } from "./audit-sink.js";

/** The `audit` setting of the `toolsift` block, checked, defaults filled in. */
export interface AuditSettings {
  /** An absolute path, or `"stderr"`. */
  file: string;
  maxBytes: number;
  keep: number;
  /** Write argument values into call lines (bounded), not only their hash and size. */
  includeArguments: boolean;
}

/** The `audit` and `metrics` settings of the `toolsift` block. */
export interface ObserveSettings {
  /** `undefined`: no audit log. */
  audit: AuditSettings | undefined;
  /**
   * `true`: serve metrics, and fail at start without prom-client; `false`: never; `undefined`
   * (not set): serve them over HTTP when prom-client is installed, else say so once and go on.
   */
  metrics: boolean | undefined;
}

type Fail = (field: string, problem: string) => never;

const AUDIT_KEYS = ["file", "maxBytes", "keep", "includeArguments"];
const MIN_MAX_BYTES = 64 * 1024;
const MAX_KEEP = 100;

/**
 * Checks the `audit` and `metrics` keys of a `toolsift` block.
 *
 * @param base - The config file's folder: a relative `audit.file` is relative to it.
 * @example
 * ```ts
 * parseObserveSettings({ audit: { file: "./audit.jsonl" }, metrics: true }, "/etc/toolsift", fail);
 * // { audit: { file: "/etc/toolsift/audit.jsonl", maxBytes: 10485760, keep: 5, includeArguments: false }, metrics: true }
 * ```
 */
export function parseObserveSettings(settings: Record<string, unknown>, base: string, fail: Fail): ObserveSettings {
  const metrics = settings.metrics;
  if (metrics !== undefined && typeof metrics !== "boolean")
    fail("toolsift.metrics", `must be true or false, not ${describeValue(metrics)}.`);
  return { audit: parseAudit(settings.audit, base, fail), metrics: metrics as boolean | undefined };
}

function parseAudit(value: unknown, base: string, fail: Fail): AuditSettings | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return fail(
      "toolsift.audit",
      `must be an object such as {"file": "./audit.jsonl"} or {"file": "stderr"}, not ${describeValue(value)}.`,
    );
  const audit = value as Record<string, unknown>;
  for (const key of Object.keys(audit)) {
    if (!AUDIT_KEYS.includes(key))
      fail(`toolsift.audit.${key}`, `is not an audit setting; they are ${AUDIT_KEYS.join(", ")}.`);
  }
  const file = audit.file;
  if (typeof file !== "string" || file.trim() === "")
    fail(
      "toolsift.audit.file",
      `must be the path of the audit log (relative to the config file) or "stderr", not ${describeValue(file)}.`,
    );
  const whole = (key: string, fallback: number, min: number, max: number): number => {
    const number = audit[key];
    if (number === undefined) return fallback;
    if (typeof number !== "number" || !Number.isInteger(number) || number < min || number > max)
      fail(`toolsift.audit.${key}`, `must be a whole number from ${min} to ${max}, not ${describeValue(number)}.`);
    return number as number;
  };
  const includeArguments = audit.includeArguments ?? false;
  if (typeof includeArguments !== "boolean")
    fail("toolsift.audit.includeArguments", `must be true or false, not ${describeValue(includeArguments)}.`);
  return {
    file: file === "stderr" ? "stderr" : configPath(base, file as string),
    maxBytes: whole("maxBytes", DEFAULT_AUDIT_MAX_BYTES, MIN_MAX_BYTES, Number.MAX_SAFE_INTEGER),
    keep: whole("keep", DEFAULT_AUDIT_KEEP, 0, MAX_KEEP),
    includeArguments: includeArguments as boolean,
  };
}
