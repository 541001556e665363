/** `npx tsx scripts/generate-meta-validators.ts` — writes src/catalogue/meta-validators.generated.ts (see scripts/meta-validators.ts). */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { metaValidatorsSource } from "./meta-validators.js";

writeFileSync(
  fileURLToPath(new URL("../src/catalogue/meta-validators.generated.ts", import.meta.url)),
  metaValidatorsSource(),
);
