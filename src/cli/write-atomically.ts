import { renameSync, rmSync, writeFileSync } from "node:fs";

/** Writes a sibling file, then renames it over `file`: a reader (or a kill) never sees half a file. */
export function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
