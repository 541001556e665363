import { fileURLToPath } from "node:url";

/**
 * Folder of the offline model shipped with toolsift (Google's Universal Sentence Encoder Lite
 * distilled into a static table, 512-d with SIF weights, built by `npm run model:build`). Resolved from this file, so it is the same package-level
 * `models/` folder whether the code runs from `src/` or from the compiled `dist/`.
 */
export const BUNDLED_MODEL_DIR: string = fileURLToPath(new URL("../../../models/use-lite-sif/", import.meta.url));
