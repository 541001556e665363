import { FileLockStore } from "./file-lock-store.js";
import type { PinSettings } from "./pins-config.js";
import { ToolPins, type ToolPinsHooks } from "./tool-pins.js";

/** What to do about a damaged lock: for its message. */
export function damagedLockFix(configFile: string): string {
  return `restore it from version control, or delete it and run toolsift pin --config ${configFile} to pin what the servers list now.`;
}

/**
 * The pins of a config: its lock file (`toolsift.lockFile`) under its `onToolChange` policy.
 *
 * @throws `ConfigError` for a damaged lock file, saying how to restore or re-pin it.
 */
export function openToolPins(
  config: { readonly file: string; readonly settings: PinSettings },
  hooks: Omit<ToolPinsHooks, "configFile">,
): Promise<ToolPins> {
  const { lockFile, onToolChange } = config.settings;
  return ToolPins.open(new FileLockStore(lockFile, damagedLockFix(config.file)), onToolChange, {
    ...hooks,
    configFile: config.file,
  });
}
