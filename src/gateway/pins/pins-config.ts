import { join } from "node:path";
import { describeValue } from "../../describe-value.js";
import { configPath } from "../settings/config-path.js";
import type { OnToolChange } from "./tool-pins.js";
import { LOCK_FILE_NAME } from "./tool-lock.js";

const POLICIES: readonly OnToolChange[] = ["warn", "hide", "reapprove"];

/** The pin settings of a `toolsift` block, checked. */
export interface PinSettings {
  /**
   * What a tool whose definition changed since it was pinned gets, and a tool new to a server
   * whose tools are pinned (a server with no pins yet has its tools pinned on first sight).
   * @defaultValue "warn"
   */
  onToolChange: OnToolChange;
  /** The lock file (absolute): `toolsift.lock.json` beside the config file unless `lockFile` names another. */
  lockFile: string;
}

/**
 * Checks `toolsift.onToolChange` and `toolsift.lockFile`. The default policy is `warn`, which
 * serves a changed tool as today and says so: servers change their tools on upgrades too, and a
 * gateway that hid them by default would break every deployment that never reviewed a lock. A
 * tool new to a server that has pins gets the same policy: a pinned tool renamed is one, and no
 * match of definitions could tell it from a new one once its text changes too.
 * A relative `lockFile` is relative to the config file's folder (`base`); `~/` is the home folder.
 *
 * @example
 * ```ts
 * parsePinSettings({ onToolChange: "hide", lockFile: "./pins/toolsift.lock.json" }, "/etc/toolsift", fail);
 * ```
 */
export function parsePinSettings(
  settings: Readonly<Record<string, unknown>>,
  base: string,
  fail: (field: string, problem: string) => never,
): PinSettings {
  const policy = settings.onToolChange ?? "warn";
  if (typeof policy !== "string" || !(POLICIES as readonly string[]).includes(policy))
    fail(
      "toolsift.onToolChange",
      `must be ${POLICIES.map((name) => `"${name}"`).join(", ")} (what a tool whose definition changed since it was pinned gets), not ${describeValue(policy)}.`,
    );
  const lockFile = settings.lockFile;
  if (lockFile !== undefined && (typeof lockFile !== "string" || lockFile.trim() === "" || lockFile.includes("\0")))
    fail(
      "toolsift.lockFile",
      `must be the path of the lock file, e.g. "./${LOCK_FILE_NAME}", not ${describeValue(lockFile)}.`,
    );
  return {
    onToolChange: policy as OnToolChange,
    lockFile: typeof lockFile !== "string" ? join(base, LOCK_FILE_NAME) : configPath(base, lockFile),
  };
}
