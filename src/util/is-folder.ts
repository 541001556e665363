import { statSync } from "node:fs";

/** Whether `path` names a folder that exists (a missing path, a file or an unreadable one: no). */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
