import type { ToolLock } from "./tool-lock.js";

/**
 * Where pins persist. The file store ({@link FileLockStore}) is the reviewable lock beside the
 * config; a shared store (the replicas' session store) can be added behind the same three methods.
 */
export interface PinStore {
  /** Where the pins are, for messages (a path). */
  readonly location: string;
  /**
   * The pins now; empty when none were recorded yet.
   * @throws `ConfigError` when the store holds something damaged: toolsift refuses to guess.
   */
  load(): Promise<ToolLock>;
  /** Replaces the pins, atomically: a reader sees the old pins or the new ones, never a mix. */
  save(lock: ToolLock): Promise<void>;
  /**
   * Calls `changed` when someone else (a `toolsift pin`, another replica) replaced the pins; the
   * returned function stops watching. Optional: a store without it is read at start only.
   */
  watch?(changed: () => void): () => void;
}
