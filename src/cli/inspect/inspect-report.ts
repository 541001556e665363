import { estimateTokens, loadEmbedder, type Embedder, type RankerName } from "../../index.js";
import type { McpServerStatus } from "../../public/mcp.js";
import type { LoadedCatalogue } from "../load-catalogue.js";
import type { Finding } from "./finding.js";
import { lintCatalogue, type LintCoverage } from "./lint.js";
import { PROJECTION_SAMPLES, projectStrategies, spread, type Projection } from "./projection.js";

/** One tool's estimated cost. */
export interface ToolCost {
  name: string;
  fullTokens: number;
  /** As a stub; for a keep tool, which is never stubbed, its full size. */
  stubTokens: number;
  kept: boolean;
  destructive: boolean;
}

/** One server's tools and their total. */
export interface ServerCost {
  server: string;
  /** Where the server stands, for a config; `undefined` for a file of tools. */
  state: McpServerStatus["state"] | undefined;
  /** Why it is down, if it is. */
  error: string | undefined;
  tools: ToolCost[];
  fullTokens: number;
  stubTokens: number;
}

/** Everything `toolsift inspect` reports; `--json` prints it as is. */
export interface InspectReport {
  file: string;
  ranker: RankerName;
  /** How tokens are estimated. */
  estimate: string;
  servers: ServerCost[];
  totals: { servers: number; tools: number; fullTokens: number; stubTokens: number };
  /** Tools that allow/deny hide from clients; not counted above. */
  hidden: string[];
  projection: Projection;
  lint: { coverage: LintCoverage; errors: number; warnings: number; findings: Finding[] };
}

/**
 * Measures and lints a loaded catalogue. Nothing is called on the servers: sizes come from the
 * definitions, the projection hydrates without running tools.
 *
 * @param progress - Told what runs, for a line on stderr.
 */
export async function inspectCatalogue(
  catalogue: LoadedCatalogue,
  progress: (line: string) => void,
): Promise<InspectReport> {
  const { toolSearch } = catalogue;
  const visible = catalogue.tools.filter((tool) => catalogue.permits(tool.name));
  const session = toolSearch.session("toolsift-inspect-costs");
  const view = await session.view();
  toolSearch.endSession(session.id);
  const stubs = new Map(view.others.map((tool) => [tool.name, estimateTokens(tool.stub)]));
  const full = new Map(view.all.map((tool) => [tool.name, estimateTokens(tool)]));

  const byServer = new Map<string, ToolCost[]>();
  for (const status of catalogue.servers) byServer.set(status.server, []);
  for (const tool of visible) {
    const server = tool.server ?? "(no server)";
    const fullTokens = full.get(tool.name) ?? 0;
    const stubTokens = stubs.get(tool.name);
    let list = byServer.get(server);
    if (!list) byServer.set(server, (list = []));
    list.push({
      name: tool.name,
      fullTokens,
      stubTokens: stubTokens ?? fullTokens,
      kept: stubTokens === undefined,
      destructive: tool.destructive === true,
    });
  }
  const servers = [...byServer].map(([server, tools]): ServerCost => {
    const status = catalogue.servers.find((candidate) => candidate.server === server);
    return {
      server,
      state: status?.state,
      error: status?.lastError,
      tools,
      fullTokens: sum(tools.map((tool) => tool.fullTokens)),
      stubTokens: sum(tools.map((tool) => tool.stubTokens)),
    };
  });

  progress(
    `projecting strategies over ${Math.min(visible.length, PROJECTION_SAMPLES)} searches, and linting ${visible.length} descriptions…`,
  );
  const projection = await projectStrategies(toolSearch, spread(visible));
  const embedder = await embedderFor(catalogue, progress);
  let lint: Awaited<ReturnType<typeof lintCatalogue>>;
  try {
    lint = await lintCatalogue({ tools: visible, toolSearch, embedder });
  } finally {
    await embedder?.close?.();
  }
  const findings = [...catalogue.problems, ...lint.findings];
  return {
    file: catalogue.file,
    ranker: catalogue.ranker,
    estimate: "JSON characters / 3.5, which reads up to ~35% above a real tokenizer",
    servers,
    totals: {
      servers: servers.length,
      tools: visible.length,
      fullTokens: sum(servers.map((server) => server.fullTokens)),
      stubTokens: sum(servers.map((server) => server.stubTokens)),
    },
    hidden: catalogue.tools.filter((tool) => !catalogue.permits(tool.name)).map((tool) => tool.name),
    projection,
    lint: {
      coverage: lint.coverage,
      errors: findings.filter((finding) => finding.severity === "error").length,
      warnings: findings.filter((finding) => finding.severity === "warning").length,
      findings,
    },
  };
}

/**
 * The model the near-duplicate check embeds with: the config's own, else the bundled one (which
 * runs in TypeScript, no ONNX Runtime). If it cannot load, pairs are found lexically only.
 */
async function embedderFor(
  catalogue: LoadedCatalogue,
  progress: (line: string) => void,
): Promise<Embedder | undefined> {
  try {
    return await loadEmbedder(catalogue.settings.model === undefined ? {} : { model: catalogue.settings.model });
  } catch (error) {
    progress(
      `near-duplicates are checked lexically only: the embedding model did not load (${error instanceof Error ? error.message : String(error)})`,
    );
    return undefined;
  }
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
