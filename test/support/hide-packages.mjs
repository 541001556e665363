// `node --import ./hide-packages.mjs`: hides the packages named in TOOLSIFT_HIDE_PACKAGES
// (comma-separated) from the whole process, and breaks the dependencies named in
// TOOLSIFT_BREAK_PACKAGES (comma-separated `package>dependency`) for that package only.
import { installHooks } from "./install-hooks.mjs";

const list = (name) => (process.env[name] ?? "").split(",").filter((item) => item !== "");
await installHooks("./hide-packages-hooks.mjs", import.meta.url, {
  hidden: list("TOOLSIFT_HIDE_PACKAGES"),
  broken: list("TOOLSIFT_BREAK_PACKAGES").map((pair) => pair.split(">")),
});
