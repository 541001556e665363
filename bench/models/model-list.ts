import { existsSync, statSync } from "node:fs";
import { basename, isAbsolute, relative, resolve } from "node:path";

/** One model the bench compares: the name its columns carry and its folder. */
export interface ModelSpec {
  id: string;
  /** Absolute path of the model folder. */
  dir: string;
}

/** What `--models` defaults to: today's bundled model first, the distilled USE-lite beside it. */
export const DEFAULT_MODELS = "glove=models/glove-100d-sif,use-lite=models/use-lite-sif";

/**
 * Parses `--models id=folder,id=folder,…` (a bare folder takes its base name as id), relative
 * folders against `root`. Folders that do not exist are left out with a note, so one command
 * serves checkouts with and without an optional model.
 *
 * @throws Error on an empty list, an empty or repeated id, or an id with characters a table cannot hold.
 */
export function parseModelList(value: string, root: string): { models: ModelSpec[]; notes: string[] } {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length === 0) throw new Error(`--models: no model in "${value}"; use id=folder,id=folder`);
  const models: ModelSpec[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const split = entry.indexOf("=");
    const folder = split < 0 ? entry : entry.slice(split + 1).trim();
    const id = split < 0 ? basename(folder) : entry.slice(0, split).trim();
    if (!/^[A-Za-z0-9._-]{1,40}$/.test(id))
      throw new Error(`--models: "${id}" is not a model id (letters, digits, . _ -, at most 40) in "${entry}"`);
    if (seen.has(id)) throw new Error(`--models: the id "${id}" is given twice`);
    seen.add(id);
    const dir = isAbsolute(folder) ? folder : resolve(root, folder);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      notes.push(`model ${id} skipped: ${displayPath(dir, root)} is not a folder here`);
      continue;
    }
    models.push({ id, dir });
  }
  return { models, notes };
}

/** A path relative to `root` when it is inside it, else as given. */
export function displayPath(path: string, root: string): string {
  const inside = relative(root, path);
  return inside === "" || inside.startsWith("..") || isAbsolute(inside) ? path : inside;
}
