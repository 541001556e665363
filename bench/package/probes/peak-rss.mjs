// Shared by the probes that report a peak RSS (cold-start.mjs here, ../../models/probes/
// model-cold-start.mjs); copied beside cold-start.mjs wherever that probe is copied.
import { readFileSync } from "node:fs";

/**
 * The most this process has held resident, in MB. On Linux `resourceUsage().maxRSS` carries the
 * parent's peak across `exec` (a bench that has just built 50,000 tools passes its 300 MB to every
 * probe it starts), so the kernel's high-water mark of this process's own memory, `VmHWM`, is
 * read instead; elsewhere maxRSS is all there is.
 */
export function peakRssMB() {
  try {
    const hwm = /^VmHWM:\s*(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (hwm) return Number(hwm[1]) / 1024;
  } catch {
    // Not Linux: fall through.
  }
  return process.resourceUsage().maxRSS / 1024;
}
