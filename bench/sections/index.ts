/**
 * The bench's sections, in the order they are measured and reported. Measuring order matters
 * for timings (what ran before shapes the heap and the machine's state), so a new section goes
 * where it disturbs the others least, usually near the end.
 */
import { blockSavingSection } from "./block-saving.js";
import { coldStartSection } from "./cold-start.js";
import { enrichmentSection } from "./enrichment.js";
import { gatewayErasSection } from "./gateway-eras.js";
import { gatewayMemorySection } from "./gateway-memory.js";
import { gatewayReplicasSection } from "./gateway-replicas.js";
import { learningSection } from "./learning.js";
import { longSessionsSection } from "./long-sessions.js";
import { packageSection } from "./package.js";
import { prefetchSection } from "./prefetch.js";
import { relevanceSection } from "./relevance.js";
import { retrievalSection } from "./retrieval.js";
import { scaleSection } from "./scale.js";
import { searchHoldsSection } from "./search-holds.js";
import type { AnySection } from "./section.js";
import { strategiesSection } from "./strategies.js";
import { vectorIndexSection } from "./vector-index.js";

export const SECTIONS: readonly AnySection[] = [
  retrievalSection,
  learningSection,
  scaleSection,
  blockSavingSection,
  relevanceSection,
  searchHoldsSection,
  strategiesSection,
  longSessionsSection,
  prefetchSection,
  packageSection,
  coldStartSection,
  vectorIndexSection,
  gatewayMemorySection,
  gatewayReplicasSection,
  gatewayErasSection,
  enrichmentSection,
];

export type {
  AnySection,
  BenchContext,
  BenchSection,
  PackedProject,
  SectionFields,
  SvgPanel,
  TargetRow,
} from "./section.js";
