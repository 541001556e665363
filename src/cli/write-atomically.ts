import { renameSync, rmSync, writeFileSync } from "node:fs";
import { isFolder } from "../util/is-folder.js";

/**
 * Writes a sibling file, then renames it over `file`: a reader (or a kill) never sees half a
 * file. On failure the sibling is removed, and a folder in `file`'s place is named as such.
 *
 * @throws Error naming `file` when it is a folder; the file system's error otherwise.
 */
export function writeAtomically(file: string, text: string | Uint8Array): void {
  // Checked first: rename cannot put a file over a folder, and its EISDIR does not say which path.
  if (isFolder(file)) throw new Error(`Cannot write ${file}: it is a folder. Give the path of a file.`);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    if (isFolder(file))
      throw new Error(`Cannot write ${file}: it is a folder. Give the path of a file.`, { cause: error });
    throw error;
  }
}
