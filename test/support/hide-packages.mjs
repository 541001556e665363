// `node --import ./hide-packages.mjs`: hides the packages named in TOOLSIFT_HIDE_PACKAGES
// (comma-separated) from every import of the process.
import { register } from "node:module";

const hidden = (process.env.TOOLSIFT_HIDE_PACKAGES ?? "").split(",").filter((name) => name !== "");
register("./hide-packages-hooks.mjs", import.meta.url, { data: { hidden } });
