import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import type { Page } from "./markdown.js";

/** Links to other sites are not followed: the test runs offline. */
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Every relative link of every page that does not resolve: a file that does not exist, or an
 * `#anchor` that no heading of the target page (or of the same page) produces. One line each,
 * `page:line: target (why)`.
 */
export function brokenLinks(root: string, pages: readonly Page[]): string[] {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  return pages.flatMap((page) =>
    page.links.flatMap(({ target, line }) => {
      if (EXTERNAL.test(target)) return [];
      const [file = "", anchor] = target.split("#", 2);
      const targetPath = file === "" ? page.path : posix.normalize(posix.join(posix.dirname(page.path), file));
      const where = `${page.path}:${line}: ${target}`;
      if (file !== "" && !existsSync(join(root, targetPath))) return [`${where} (no file ${targetPath})`];
      if (anchor === undefined || anchor === "") return [];
      const targetPage = byPath.get(targetPath);
      // An anchor into a file that is not one of the pages (a source file, say) is not checked.
      if (!targetPage) return [];
      return targetPage.anchors.has(anchor) ? [] : [`${where} (no heading #${anchor} in ${targetPath})`];
    }),
  );
}
