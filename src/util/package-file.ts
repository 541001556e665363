import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/**
 * A file of the installed toolsift package (`models/...`, `package.json`), found through the
 * package's own name rather than relative to the calling module: the published code is bundled
 * (scripts/bundle-dist.mjs), so a module's folder in `src/` is not its folder in `dist/`.
 *
 * @example
 * packageFile("models/use-lite-sif/") // "/…/node_modules/toolsift/models/use-lite-sif/"
 */
export function packageFile(path: string): string {
  return join(dirname(require.resolve("toolsift/package.json")), path);
}
