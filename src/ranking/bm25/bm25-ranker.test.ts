import { describe, expect, it } from "vitest";
import { rankDocumentOf } from "../rank-document.js";
import { Bm25Ranker } from "./bm25-ranker.js";
import { StraightforwardBm25 } from "./straightforward-bm25.fixture.js";

const doc = (name: string, description: string, inputSchema?: unknown, tags?: string[], examples?: string[]) =>
  rankDocumentOf({ name, description, inputSchema, ...(tags ? { tags } : {}), ...(examples ? { examples } : {}) });

const names = (hits: { name: string }[]) => hits.map((hit) => hit.name);

describe("Bm25Ranker", () => {
  describe("weak matches", () => {
    const catalogue = [
      doc("postgres__list_tables", "List the tables of a PostgreSQL database."),
      doc("postgres__drop_table", "Drop a table from the database."),
      doc("slack__post_message", "Post a message to a Slack channel."),
    ];
    const QUERY = "book a table at an Italian restaurant";

    it("lists a coincidence of common words, marked weak, by default", () => {
      const ranker = new Bm25Ranker();
      ranker.update(catalogue);
      const hits = ranker.search(QUERY, { limit: 5 });
      expect(hits.map((hit) => hit.name)).toContain("postgres__drop_table");
      expect(hits.every((hit) => hit.confidence === "weak")).toBe(true);
    });

    it("marks a match on the query's distinctive words strong", () => {
      const ranker = new Bm25Ranker();
      ranker.update(catalogue);
      expect(ranker.search("post a message to the team channel", { limit: 1 })[0]).toMatchObject({
        name: "slack__post_message",
        confidence: "strong",
      });
    });

    it("answers nothing instead, with abstention: true or limits of its own", () => {
      for (const abstention of [true, { maxEvidence: 0.75 }] as const) {
        const ranker = new Bm25Ranker({ abstention });
        ranker.update(catalogue);
        expect(ranker.search(QUERY, { limit: 5 })).toEqual([]);
        expect(ranker.search("post a message to the team channel", { limit: 1 })[0]!.name).toBe("slack__post_message");
      }
    });

    it("reports the score from which a match is strong: every weak match scores under it", () => {
      const ranker = new Bm25Ranker();
      ranker.update(catalogue);
      // A word only one tool has (`slack`), found in that tool's name, is strong evidence.
      expect(ranker.strongScore()).toBeGreaterThan(0);
      expect(ranker.strongScore()).toBeLessThan(ranker.search("slack", { limit: 1 })[0]!.score);
      const weak = ranker.search(QUERY, { limit: 5 });
      expect(weak.length).toBeGreaterThan(0);
      for (const hit of weak) expect(hit.score).toBeLessThan(ranker.strongScore());
      // It follows the limits: half the evidence, half the score.
      const halved = new Bm25Ranker({ abstention: { maxEvidence: 0.375 } });
      halved.update(catalogue);
      expect(halved.strongScore()).toBeCloseTo(ranker.strongScore() / 2, 10);
    });

    it("judges weakness by limits of its own when given them", () => {
      // Under a limit of 0 no evidence is weak: every match is strong.
      const ranker = new Bm25Ranker({ abstention: { maxEvidence: 0 } });
      ranker.update(catalogue);
      expect(ranker.search(QUERY, { limit: 5 }).every((hit) => hit.confidence === "strong")).toBe(true);
    });
  });

  describe("examples (a tool's enrichment)", () => {
    const catalogue = () => [
      doc("jira__issue_creator", "Issue creator.", undefined, undefined, [
        "open a ticket for the login bug",
        "file a bug report about the broken export",
        "ticket",
      ]),
      doc("jira__search", "Search Jira issues with JQL."),
      doc("slack__post_message", "Post a message to a Slack channel."),
    ];

    it("finds a tool through words only its examples have, as a strong match", () => {
      const ranker = new Bm25Ranker();
      ranker.update(catalogue());
      const hits = ranker.search("open a ticket about the login bug", { limit: 3 });
      expect(hits[0]).toMatchObject({ name: "jira__issue_creator", confidence: "strong" });
    });

    it("ignores them with fieldWeights.examples: 0, not even counting their words as known", () => {
      // Without synonyms, which read "bug" as the name's "issue".
      const ranker = new Bm25Ranker({ fieldWeights: { examples: 0 }, synonyms: false });
      ranker.update(catalogue());
      expect(names(ranker.search("open a ticket about the login bug", { limit: 3 }))).not.toContain(
        "jira__issue_creator",
      );
      expect(ranker.coverage("ticket login")).toBe(0);
    });

    it("re-indexes a tool whose examples change, and forgets the old ones", () => {
      const ranker = new Bm25Ranker({ synonyms: false });
      ranker.update(catalogue());
      ranker.update([doc("jira__issue_creator", "Issue creator.", undefined, undefined, ["raise an incident"])]);
      expect(ranker.search("login bug ticket", { limit: 3 })).toEqual([]);
      expect(names(ranker.search("raise an incident", { limit: 3 }))).toEqual(["jira__issue_creator"]);
    });
  });

  it("ranks a name hit above a description hit", () => {
    const ranker = new Bm25Ranker();
    ranker.update([
      doc("notes__archive", "Moves a note out of sight. Useful after a calendar event is over."),
      doc("calendar__list_events", "Lists what is scheduled."),
      doc("mail__send", "Sends a message."),
    ]);
    expect(names(ranker.search("calendar", { limit: 5 }))).toEqual(["calendar__list_events", "notes__archive"]);
  });

  it("splits snake_case, camelCase, kebab-case and server__tool names into words", () => {
    const ranker = new Bm25Ranker();
    ranker.update([doc("github__listPullRequests", "x"), doc("create-jira-ticket", "y"), doc("send_slack_dm", "z")]);
    expect(names(ranker.search("pull requests", { limit: 1 }))).toEqual(["github__listPullRequests"]);
    expect(names(ranker.search("jira ticket", { limit: 1 }))).toEqual(["create-jira-ticket"]);
    expect(names(ranker.search("slack", { limit: 1 }))).toEqual(["send_slack_dm"]);
    expect(names(ranker.search("github", { limit: 1 }))).toEqual(["github__listPullRequests"]);
  });

  it("finds a tool by its camelCase name, while keeping whole words the index knows", () => {
    const ranker = new Bm25Ranker();
    ranker.update([
      doc("github__listPullRequests", "x"),
      doc("repos__get_file_contents", "y"),
      doc("code__search", "Search code on GitHub."),
    ]);
    expect(names(ranker.search("listPullRequests", { limit: 1 }))).toEqual(["github__listPullRequests"]);
    expect(names(ranker.search("getFileContents", { limit: 1 }))).toEqual(["repos__get_file_contents"]);
    expect(names(ranker.search("GitHub", { limit: 5 }))).toEqual(["github__listPullRequests", "code__search"]);
  });

  it("reads a short form the catalogue never uses as its long form: 'open a PR' finds 'pull request'", () => {
    const ranker = new Bm25Ranker();
    ranker.update([
      doc("github__create_pull_request", "Create a pull request from a branch."),
      doc("github__create_issue", "Create an issue in a repository."),
      doc("kubernetes__list_pods", "List the pods of a Kubernetes namespace."),
    ]);
    expect(ranker.search("open a PR for my branch", { limit: 1 })[0]).toMatchObject({
      name: "github__create_pull_request",
      confidence: "strong",
    });
    expect(ranker.search("which pods run on k8s", { limit: 1 })[0]).toMatchObject({
      name: "kubernetes__list_pods",
      confidence: "strong",
    });
    // A catalogue that says "PR" itself is matched on it as it is.
    ranker.update([doc("review_pr", "Review a PR."), doc("open_request", "Open a pull request.")]);
    expect(names(ranker.search("review the PR", { limit: 2 }))).toEqual(["review_pr"]);
  });

  it("reads short forms of your own beside the built-in ones, or none with shortForms: false", () => {
    const catalogue = [
      doc("restart_service", "Restart a service of the cluster."),
      doc("github__create_pull_request", "Create a pull request from a branch."),
    ];
    const own = new Bm25Ranker({ shortForms: { SVC: "service" } });
    own.update(catalogue);
    expect(own.search("restart the svc", { limit: 1 })[0]).toMatchObject({
      name: "restart_service",
      confidence: "strong",
    });
    expect(names(own.search("open a PR", { limit: 1 }))).toEqual(["github__create_pull_request"]);
    const none = new Bm25Ranker({ shortForms: false });
    none.update(catalogue);
    expect(names(none.search("open a PR", { limit: 1 }))).toEqual([]);
    expect(none.coverage("open a PR")).toBe(0);
  });

  it("reads a word the catalogue never uses as its synonyms, ranking by them but never strong by them", () => {
    const catalogue = [
      doc("redis__delete", "Delete a key from the cache."),
      doc("redis__get", "Get the value of a key from the cache."),
      doc("email__list", "List the email messages of a mailbox."),
      doc("phone__find", "Find the user's phone."),
    ];
    const ranker = new Bm25Ranker();
    ranker.update(catalogue);
    const erase = ranker.search("erase the cache entry for session abc", { limit: 2 });
    expect(names(erase)).toEqual(["redis__delete", "redis__get"]);
    expect(ranker.search("any new mail for me", { limit: 1 })[0]).toMatchObject({ name: "email__list" });
    // "search" is read as "find", but a request about the web is not about the phone tool.
    expect(ranker.search("search the web for monthly parking", { limit: 1 })[0]).toMatchObject({
      name: "phone__find",
      confidence: "weak",
    });
    // A word with another common reading is never read as others: "open songs" creates nothing.
    ranker.update([doc("list__create", "Create a list."), doc("music__play", "Play songs by an artist.")]);
    expect(names(ranker.search("open songs by prince", { limit: 1 }))).toEqual(["music__play"]);
    // A catalogue that uses the word is matched on it as it is; synonyms: false reads none.
    ranker.update([...catalogue, doc("disk__erase", "Erase a disk.")]);
    expect(names(ranker.search("erase the cache entry", { limit: 1 }))).toEqual(["disk__erase"]);
    const none = new Bm25Ranker({ synonyms: false });
    none.update(catalogue);
    expect(names(none.search("erase session abc", { limit: 1 }))).toEqual([]);
    expect(names(ranker.search("erase session abc", { limit: 1 }))).toEqual(["disk__erase"]);
    const reading = new Bm25Ranker();
    reading.update(catalogue);
    expect(names(reading.search("erase session abc", { limit: 1 }))).toEqual(["redis__delete"]);
  });

  it("matches two words a tool writes as one: 'round trip' finds a roundtrip tool", () => {
    const ranker = new Bm25Ranker();
    ranker.update([
      doc("flights__search_roundtrip", "Search return flights between two airports."),
      doc("flights__search_oneway", "Search single flights between two airports."),
      doc("math__round", "Round a number to the nearest step."),
    ]);
    expect(names(ranker.search("find a round trip to Lisbon", { limit: 1 }))).toEqual(["flights__search_roundtrip"]);
    // Stop words are never joined: "for me" is no `forme`, even where a tool says it.
    ranker.update([doc("forme__render", "Render a Forme template."), doc("notes__list", "List my notes.")]);
    expect(names(ranker.search("list notes for me", { limit: 1 }))).toEqual(["notes__list"]);
  });

  it("matches a name's 's3' or 'ec2' written whole, and counts it as no further word", () => {
    const ranker = new Bm25Ranker();
    ranker.update([
      doc("gcs_list_buckets", "List the buckets of a project."),
      doc("s3_list_buckets", "List the buckets of an account."),
      doc("start_ec2_instance", "Start a stopped instance."),
      doc("start_vm", "Start a stopped virtual machine."),
    ]);
    expect(ranker.search("list my s3 buckets", { limit: 1 })[0]).toMatchObject({
      name: "s3_list_buckets",
      confidence: "strong",
    });
    expect(names(ranker.search("boot the EC2 box again", { limit: 1 }))).toEqual(["start_ec2_instance"]);
    // `v2_start` holds the term `v2` beside `v` and `2`, `v_2_start` does not; both are three
    // words long, so a request for neither reading scores them alike.
    ranker.update([doc("v_2_start", "Start it."), doc("v2_start", "Start it.")]);
    const [first, second] = ranker.search("start", { limit: 2 });
    expect(first!.score).toBe(second!.score);
  });

  it("stems and drops stop words, so 'the invoices' finds 'invoice'", () => {
    const ranker = new Bm25Ranker();
    ranker.update([doc("billing__get_invoice", "Fetch an invoice."), doc("the_tool", "Does the thing.")]);
    expect(names(ranker.search("show me the invoices", { limit: 5 }))).toEqual(["billing__get_invoice"]);
  });

  it("indexes parameter names and descriptions and tags, weakly", () => {
    const ranker = new Bm25Ranker();
    ranker.update([
      doc("a__tool", "Does things.", {
        type: "object",
        properties: { timezone: { type: "string", description: "IANA zone" } },
      }),
      doc("b__tool", "Does other things.", undefined, ["kubernetes"]),
    ]);
    expect(names(ranker.search("timezone", { limit: 5 }))).toEqual(["a__tool"]);
    expect(names(ranker.search("iana", { limit: 5 }))).toEqual(["a__tool"]);
    expect(names(ranker.search("kubernetes", { limit: 5 }))).toEqual(["b__tool"]);
  });

  it("puts a tool the query names first, unless the filter denies it", () => {
    const catalogue = [
      doc(
        "slack__schedule_message",
        "Post a Slack message later: schedules a message to post to a Slack channel, posting the message at a set time.",
      ),
      doc("slack__post_message", "Send text to a channel."),
    ];
    const plain = new Bm25Ranker({ exactNames: false });
    plain.update(catalogue);
    expect(names(plain.search("slack post message", { limit: 2 }))[0]).toBe("slack__schedule_message");
    const ranker = new Bm25Ranker();
    ranker.update(catalogue);
    expect(names(ranker.search("slack post message", { limit: 2 }))).toEqual([
      "slack__post_message",
      "slack__schedule_message",
    ]);
    expect(
      names(ranker.search("slack__post_message", { limit: 2, filter: (name) => name !== "slack__post_message" })),
    ).toEqual(["slack__schedule_message"]);
  });

  it("works from a catalogue of one tool", () => {
    const ranker = new Bm25Ranker();
    ranker.update([doc("weather__forecast", "Get the weather forecast for a city.")]);
    expect(names(ranker.search("forecast", { limit: 5 }))).toEqual(["weather__forecast"]);
    expect(ranker.search("invoice", { limit: 5 })).toEqual([]);
  });

  it("returns nothing, not filler, for a query that matches no term", () => {
    const ranker = new Bm25Ranker();
    ranker.update([doc("a__x", "alpha"), doc("b__y", "beta")]);
    expect(ranker.search("gamma delta", { limit: 5 })).toEqual([]);
    expect(ranker.search("the of and", { limit: 5 })).toEqual([]);
  });

  it("updates incrementally: adds, changes and removes tools", () => {
    const ranker = new Bm25Ranker();
    ranker.update([doc("a__x", "alpha"), doc("b__y", "beta")]);
    ranker.update([doc("a__x", "gamma"), doc("c__z", "beta")]);
    expect(names(ranker.search("alpha", { limit: 5 }))).toEqual([]);
    expect(names(ranker.search("gamma", { limit: 5 }))).toEqual(["a__x"]);
    expect(names(ranker.search("beta", { limit: 5 }))).toEqual(["c__z"]);
  });

  it("gives the same scores after incremental updates as a fresh index of the same catalogue", () => {
    const final = [doc("a__x", "alpha beta"), doc("c__z", "beta gamma gamma"), doc("d__w", "alpha delta")];
    const incremental = new Bm25Ranker();
    incremental.update([doc("a__x", "alpha"), doc("b__y", "beta")]);
    incremental.update(final);
    const fresh = new Bm25Ranker();
    fresh.update(final);
    expect(incremental.search("alpha beta gamma", { limit: 5 })).toEqual(
      fresh.search("alpha beta gamma", { limit: 5 }),
    );
  });

  it("respects the filter and the limit, and breaks ties in catalogue order", () => {
    const ranker = new Bm25Ranker();
    ranker.update([doc("one", "report"), doc("two", "report"), doc("three", "report")]);
    expect(names(ranker.search("report", { limit: 2 }))).toEqual(["one", "two"]);
    expect(names(ranker.search("report", { limit: 5, filter: (name) => name !== "one" }))).toEqual(["two", "three"]);
  });

  it("breaks ties in the latest catalogue order after a reorder", () => {
    const ranker = new Bm25Ranker();
    ranker.update([doc("one", "report"), doc("two", "report")]);
    ranker.update([doc("two", "report"), doc("one", "report")]);
    expect(names(ranker.search("report", { limit: 2 }))).toEqual(["two", "one"]);
  });

  it("indexes and answers over 10,000 tools", () => {
    const ranker = new Bm25Ranker();
    const documents = Array.from({ length: 10_000 }, (_, i) =>
      doc(`server${i % 97}__tool_${i}`, `Handles record ${i} of kind ${i % 13}.`),
    );
    documents.push(doc("payments__refund_charge", "Refund a card charge."));
    ranker.update(documents);
    expect(names(ranker.search("refund the charge", { limit: 3 }))[0]).toBe("payments__refund_charge");
  });

  describe("scores exactly as a straightforward BM25F on random catalogues", () => {
    // A small vocabulary with a few very common words, as real catalogues have.
    const WORDS = [
      "get",
      "list",
      "create",
      "update",
      "delete",
      "user",
      "file",
      "issue",
      "invoice",
      "customer",
      "date",
      "report",
      "channel",
      "message",
      "repo",
      "alpha",
      "beta",
      "gamma",
    ];
    const random = (seed: number) => () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0), seed / 2 ** 32);
    const sentence = (next: () => number, words: number) =>
      Array.from({ length: words }, () => WORDS[Math.floor(next() ** 2 * WORDS.length)]).join(" ");
    const catalogue = (next: () => number, size: number, version: number) =>
      Array.from({ length: size }, (_, i) =>
        doc(
          `s${i % 7}__${sentence(next, 2).replace(" ", "_")}_${i}`,
          `${sentence(next, 3 + Math.floor(next() * 8))} v${version}.`,
          { type: "object", properties: { [sentence(next, 1)]: { type: "string", description: sentence(next, 2) } } },
          next() < 0.3 ? [sentence(next, 1)] : undefined,
          // Some tools enriched, so the examples field's own average length is checked too.
          next() < 0.4 ? [sentence(next, 4), sentence(next, 1 + Math.floor(next() * 6))] : undefined,
        ),
      );

    it.each([1, 2, 3, 4, 5])("seed %i: after a fresh build and after incremental churn", (seed) => {
      const next = random(seed);
      // The scoring core: what the ranker adds on top of BM25F (exact names, requests, siblings, abstention) is off.
      const ranker = new Bm25Ranker({ exactNames: false, multiPart: false, siblings: false, abstention: false });
      const reference = new StraightforwardBm25();
      let documents = catalogue(next, 60, 0);
      for (let round = 0; round < 6; round++) {
        ranker.update(documents);
        reference.update(documents);
        for (let q = 0; q < 15; q++) {
          const query = sentence(next, 1 + Math.floor(next() * 4));
          const limit = 1 + Math.floor(next() * 12);
          const filter = q % 3 === 0 ? (name: string) => !name.startsWith("s1") : undefined;
          const options = filter ? { limit, filter } : { limit };
          const scored = ranker.search(query, options).map(({ name, score }) => ({ name, score }));
          expect(scored, `round ${round}: ${query}`).toEqual(reference.search(query, options));
        }
        // Churn: change a third, drop some, add new ones, shuffle the order.
        const changed = documents.map((document, i) =>
          i % 3 === round % 3 ? doc(document.name, `${sentence(next, 5)} r${round}.`) : document,
        );
        const kept = changed.filter(() => next() > 0.2);
        documents = [
          ...kept,
          ...catalogue(next, 15, round + 1).map((document) => doc(`${document.name}_n${round}`, document.description)),
        ].sort(() => next() - 0.5);
      }
    });
  });

  describe("marks matches weak or strong as a fresh index would, however deep it reads", () => {
    // Servers named in the query and everyday words no tool has: the signs abstention weighs.
    // A word every tool has, and one tool named by it alone: the query's only known word covers
    // that tool's whole name, which is what keeps its match strong (see \`abstains\`).
    const tools = (version: number) => [
      rankDocumentOf({ name: "reconcile", description: "Reconcile." }),
      ...Array.from({ length: 60 }, (_, i) =>
        rankDocumentOf({
          name: `${["billing", "mail", "calendar"][i % 3]}__${["list", "send", "create", "cancel"][i % 4]}_${["invoice", "message", "event", "refund"][(i >> 2) % 4]}_${i}`,
          description: `${["Lists", "Sends", "Creates", "Cancels"][(i + version) % 4]} the ${["invoice", "message", "event"][(i >> 1) % 3]} of a customer account, reconciled, variant ${i}.`,
        }),
      ),
    ];
    const QUERIES = [
      "cancel the invoice and send a message to the customer",
      "create an event for the holiday party at the restaurant",
      "billing refund for the broken umbrella",
      "mail my grandmother a birthday poem",
      "reconcile for my grandmother's umbrella",
    ];
    const marks = (ranker: Bm25Ranker, limit: number) =>
      QUERIES.flatMap((query) => ranker.search(query, { limit }).map((hit) => `${hit.name} ${hit.confidence}`));

    it("after tools change, leave and the index renumbers its terms", () => {
      const incremental = new Bm25Ranker();
      // Tools whose words no later tool has, indexed first: once they leave, every later term's id changes.
      const leaving = Array.from({ length: 30 }, (_, i) =>
        rankDocumentOf({ name: `fax${i}__archive_${i}`, description: `Archives fax ${i} on tape${i}.` }),
      );
      incremental.update([...leaving, ...tools(0)]);
      marks(incremental, 50);
      // Most tools leave and the rest change: removed entries outnumber live ones, so the index
      // renumbers slots and terms, and what abstention read of a tool must follow.
      const final = tools(1).filter((_, i) => i % 4 === 0);
      expect(final[0]!.name).toBe("reconcile");
      incremental.update(final);
      const fresh = new Bm25Ranker();
      fresh.update(final);
      const deep = marks(fresh, 50);
      expect(marks(incremental, 50)).toEqual(deep);
      // Both signs occur, so the comparison is not of one mark.
      expect(deep.some((mark) => mark.endsWith(" weak"))).toBe(true);
      expect(deep.some((mark) => mark.endsWith(" strong"))).toBe(true);
      expect(deep).toContain("reconcile strong");
    });

    it("the first matches of a deep read are the shallow read's, marks included", () => {
      const ranker = new Bm25Ranker({ multiPart: false, siblings: false });
      ranker.update(tools(0));
      for (const query of QUERIES)
        expect(ranker.search(query, { limit: 50 }).slice(0, 10)).toEqual(ranker.search(query, { limit: 10 }));
    });
  });

  it("asks the permission filter about the tools that would make the results, not every match", () => {
    const ranker = new Bm25Ranker();
    ranker.update(
      Array.from({ length: 2_000 }, (_, i) => doc(`tool_${i}`, `Update the invoice of a customer, variant ${i}.`)),
    );
    let asked = 0;
    const hits = ranker.search("update the invoice", { limit: 5, filter: () => (asked++, true) });
    expect(hits).toHaveLength(5);
    expect(asked).toBeLessThan(100);
  });

  it("answers each filter as a fresh ranker would, whichever filter came before", () => {
    const documents = Array.from({ length: 300 }, (_, i) =>
      doc(`tool_${i}`, `Update the invoice of a customer, variant ${i % 37}, plan ${i % 11}.`),
    );
    const shared = new Bm25Ranker();
    shared.update(documents);
    const filters = [
      undefined,
      (name: string) => Number(name.slice(5)) % 2 === 0,
      () => true,
      (name: string) => Number(name.slice(5)) % 3 !== 0,
      (name: string) => Number(name.slice(5)) % 2 === 0,
      () => true,
    ];
    for (const query of ["update the invoice", "customer plan 7", "variant 12 invoice"]) {
      for (const filter of filters) {
        const fresh = new Bm25Ranker();
        fresh.update(documents);
        expect(shared.search(query, { limit: 8, filter })).toEqual(fresh.search(query, { limit: 8, filter }));
      }
    }
  });

  it("indexes hostile strings in bounded time", () => {
    const huge = "x".repeat(100_000);
    const started = performance.now();
    const ranker = new Bm25Ranker();
    ranker.update([
      rankDocumentOf({
        name: "a__tool",
        description: huge,
        tags: [huge, ...Array.from({ length: 10_000 }, (_, i) => `tag${i}`)],
        server: "A".repeat(50_000),
      }),
      rankDocumentOf({
        name: "b__tool",
        description: "Plain.",
        inputSchema: { type: "object", properties: { [huge]: { type: "string", description: huge } } },
      }),
    ]);
    ranker.search(`${"y".repeat(400)} plain`, { limit: 5 });
    // Before the bounds this took over a minute; generous for a loaded machine.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(names(ranker.search("plain", { limit: 5 }))).toEqual(["b__tool"]);
  });
});

describe("Bm25Ranker's long descriptions", () => {
  // An endpoint's own sentence, then the product blurb its catalogue repeats on every endpoint.
  const blurb = Array.from({ length: 40 }, (_, i) => `The platform offers feature${i} to its customers.`).join(" ");
  const catalogue = [
    rankDocumentOf({ name: "quotes_for_markets", description: `Real-time stock quotes. ${blurb} Weather too.` }),
    rankDocumentOf({ name: "forecast_for_skies", description: "Hourly weather forecast for a city." }),
  ];

  it("reads a description's opening, not the blurb after it, with descriptionTerms", () => {
    const ranker = new Bm25Ranker({ descriptionTerms: 32 });
    ranker.update(catalogue);
    expect(names(ranker.search("weather", { limit: 5 }))).toEqual(["forecast_for_skies"]);
    expect(names(ranker.search("stock quotes", { limit: 5 }))).toEqual(["quotes_for_markets"]);
  });

  it("reads every description whole by default", () => {
    const ranker = new Bm25Ranker();
    ranker.update(catalogue);
    expect(names(ranker.search("weather", { limit: 5 }))).toEqual(["forecast_for_skies", "quotes_for_markets"]);
  });
});

describe("Bm25Ranker's whole answers to requests of several tools", () => {
  it("keeps a place for each request's best match when another request's tools fill the rest", () => {
    const ranker = new Bm25Ranker();
    ranker.update([
      doc("findPharmacy", "Find a pharmacy near a location."),
      doc("getPharmacyHours", "Get the opening hours of a pharmacy."),
      doc("getPharmacyPolicy", "Get the refill policy of a pharmacy."),
      doc("getPharmacyInfo", "Get the name, address and phone of a pharmacy."),
      doc("bookDentistAppointment", "Book an appointment with a dentist."),
      doc("bookHaircut", "Book a haircut."),
    ]);
    const query =
      "get the opening hours, the refill policy and the name, address and phone of the pharmacy, then book a dentist";
    // Ranked whole and merged, three pharmacy tools outscore the dentist's.
    expect(names(ranker.search(query, { limit: 8 })).indexOf("bookDentistAppointment")).toBe(3);
    const answer = ranker.search(query, { limit: 3 });
    expect(names(answer)).toEqual(["getPharmacyHours", "getPharmacyPolicy", "bookDentistAppointment"]);
    for (let i = 1; i < answer.length; i++) expect(answer[i - 1]!.score).toBeGreaterThanOrEqual(answer[i]!.score);
  });

  describe("a best match's sibling", () => {
    const catalogue = [
      doc("get_tags_by_contact_for_churchapp", "The tags of one contact."),
      doc("get_all_contacts_for_churchapp", "Every contact, with names and emails."),
      doc("list_tags_for_blogtool", "List every tag of a blog."),
      doc("tag_cloud_for_newsapi", "The tags of the day's news."),
      doc("send_mail_for_mailer", "Send an email."),
    ];
    const query = "show me the tags of each contact, and which tags the blog uses";

    it("joins the answer when the best match is its server's or API's only tool there", () => {
      const ranker = new Bm25Ranker();
      ranker.update(catalogue);
      expect(names(ranker.search(query, { limit: 2 }))).toEqual([
        "get_tags_by_contact_for_churchapp",
        "get_all_contacts_for_churchapp",
      ]);
      // The same catalogue behind a gateway: each API a server, its tools named without it.
      const servers = new Bm25Ranker();
      servers.update(
        catalogue.map((tool) => {
          const [name, server] = tool.name.split("_for_") as [string, string];
          return { ...doc(name, tool.description), server };
        }),
      );
      expect(names(servers.search(query, { limit: 2 }))).toEqual(["get_tags_by_contact", "get_all_contacts"]);
    });

    it("does not with siblings: false", () => {
      const ranker = new Bm25Ranker({ siblings: false });
      ranker.update(catalogue);
      expect(names(ranker.search(query, { limit: 2 }))).toEqual([
        "get_tags_by_contact_for_churchapp",
        "list_tags_for_blogtool",
      ]);
    });
  });
});
