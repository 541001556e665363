import { packageFile } from "../../util/package-file.js";

/**
 * Folder of the offline model shipped with toolsift (Google's Universal Sentence Encoder Lite
 * distilled into a static table, 512-d with SIF weights, built by `npm run model:build`): the
 * package-level `models/` folder, whether the code runs from `src/` or from the bundled `dist/`.
 */
export const BUNDLED_MODEL_DIR: string = packageFile("models/use-lite-sif/");
