import { ToolsiftError } from "../errors.js";

/**
 * A model folder could not be built: its source could not be fetched (`download_failed`), is not
 * the pinned release (`integrity_mismatch`), or does not hold what the build reads
 * (`source_invalid`). Nothing was written to the output folder.
 */
export class ModelBuildError extends ToolsiftError {
  declare readonly code: "download_failed" | "integrity_mismatch" | "source_invalid";

  constructor(code: ModelBuildError["code"], message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
