import { existsSync, statSync } from "node:fs";
import { basename, isAbsolute, relative, resolve } from "node:path";

/** One model the bench compares: the name its columns carry and its folder, or the folders it joins. */
export interface ModelSpec {
  id: string;
  /** Absolute paths of the model folder, or of 2 to 4 folders joined (`loadEmbedder({ model: [...] })`). */
  dirs: string[];
}

/** What `--models` defaults to: today's bundled model first, the distilled USE-lite beside it. */
export const DEFAULT_MODELS = "glove=models/glove-100d-sif,use-lite=models/use-lite-sif";

/**
 * Parses `--models id=folder,id=folder,…` (a bare folder takes its base name as id), relative
 * folders against `root`; `id=folder+folder` joins folders into one model. A model with a folder
 * that does not exist is left out with a note, so one command serves checkouts with and without
 * an optional model.
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
    const id =
      split < 0
        ? folder
            .split("+")
            .map((part) => basename(part.trim()))
            .join("+")
        : entry.slice(0, split).trim();
    if (!/^[A-Za-z0-9._+-]{1,40}$/.test(id))
      throw new Error(`--models: "${id}" is not a model id (letters, digits, . _ - +, at most 40) in "${entry}"`);
    if (seen.has(id)) throw new Error(`--models: the id "${id}" is given twice`);
    seen.add(id);
    const dirs = folder.split("+").map((part) => (isAbsolute(part.trim()) ? part.trim() : resolve(root, part.trim())));
    const absent = dirs.find((dir) => !existsSync(dir) || !statSync(dir).isDirectory());
    if (absent !== undefined) {
      notes.push(`model ${id} skipped: ${displayPath(absent, root)} is not a folder here`);
      continue;
    }
    models.push({ id, dirs });
  }
  return { models, notes };
}

/** A path relative to `root` when it is inside it, else as given. */
export function displayPath(path: string, root: string): string {
  const inside = relative(root, path);
  return inside === "" || inside.startsWith("..") || isAbsolute(inside) ? path : inside;
}
