import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { parseTool } from "../../src/catalogue/index.js";
import { Bm25Ranker, EmbeddingRanker, HybridRanker, type RankDocument, type Ranker } from "../../src/index.js";
import { rankDocumentOf } from "../../src/ranking/index.js";

/** The example catalogue as createToolSearch hands it to rankers (zod schemas as JSON Schema). */
const example = exampleCatalogue.map((tool) => parseTool(tool, "example catalogue").document);

/** Chained requests on the example catalogue, with the tool each request needs. */
const CHAINS: [string, string[]][] = [
  [
    "create a jira issue for the checkout crash and then post a message in the incidents channel",
    ["jira__create_issue", "slack__post_message"],
  ],
  [
    "refund the stripe charge for order 1042, then create a github issue about the double billing",
    ["stripe__create_refund", "github__create_issue"],
  ],
  ["find free time with Ana on Thursday and then send her an email", ["calendar__find_free_time", "gmail__send_email"]],
];

const flights = [
  rankDocumentOf({ name: "flights__search_flights", description: "Search flights to a city on a date, with prices." }),
  rankDocumentOf({ name: "flights__book_flight", description: "Book a flight to a city for a passenger." }),
  rankDocumentOf({ name: "flights__cancel_flight", description: "Cancel a booked flight." }),
  rankDocumentOf({ name: "flights__get_flight_status", description: "Get the status of a flight." }),
  rankDocumentOf({ name: "hotels__book_room", description: "Book a hotel room in a city." }),
  rankDocumentOf({ name: "gmail__send_email", description: "Send an email to a recipient." }),
];

/** How many of the requests' tools reach the top `limit`, over all chains. */
async function requestsServed(
  ranker: Ranker,
  catalogue: readonly RankDocument[],
  chains: [string, string[]][],
  limit: number,
): Promise<{ found: number; of: number }> {
  await ranker.update(catalogue);
  let found = 0;
  let of = 0;
  for (const [query, tools] of chains) {
    const top = (await ranker.search(query, { limit })).map((match) => match.name);
    found += tools.filter((tool) => top.includes(tool)).length;
    of += tools.length;
  }
  await ranker.close?.();
  return { found, of };
}

const semantic = { cacheDir: false } as const;
/** The GloVe model, bundled until 0.3 and kept in the repository. */
const GLOVE_MODEL_DIR = fileURLToPath(new URL("../../models/glove-100d-sif/", import.meta.url));

describe.each([
  ["bm25", (multiPart: boolean) => new Bm25Ranker({ multiPart }), example, CHAINS, 5],
  ["hybrid", (multiPart: boolean) => new HybridRanker({ multiPart, semantic }), example, CHAINS.slice(0, 2), 5],
  [
    "embedding",
    // On the GloVe model: the bundled USE-lite one puts the whole chain nearer the flight tools
    // (its e-mail tool 4th), so ranking by parts brings only the flight into the top 3.
    (multiPart: boolean) => new EmbeddingRanker({ multiPart, ...semantic, embedder: { model: GLOVE_MODEL_DIR } }),
    flights,
    [["book a flight to Paris and then email the itinerary to Sam", ["flights__book_flight", "gmail__send_email"]]] as [
      string,
      string[],
    ][],
    3,
  ],
] as const)("a chained query through the %s ranker", (_name, create, catalogue, chains, limit) => {
  it(`brings every request's tool into the top ${limit}, which ranking it whole did not`, async () => {
    const parts = await requestsServed(create(true), catalogue, [...chains], limit);
    expect(parts.found).toBe(parts.of);
    const whole = await requestsServed(create(false), catalogue, [...chains], limit);
    expect(whole.found).toBeLessThan(whole.of);
  });
});
