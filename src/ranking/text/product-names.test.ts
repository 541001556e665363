import { describe, expect, it } from "vitest";
import { productsNamed, productsOfTool } from "./product-names.js";

describe("productsNamed", () => {
  it("reads the products a request names, in any case, names of several words as one", () => {
    expect(productsNamed("Create a JIRA ticket, then post it to GitHub")).toEqual(["jira", "github"]);
    expect(productsNamed("what's on my Google Calendar tomorrow")).toEqual(["google calendar"]);
    expect(productsNamed("move it from jira__create_issue")).toEqual(["jira"]);
  });

  it("reads a name only whole: a word of a longer name, or half of a two-word one, names nothing", () => {
    expect(productsNamed("search google for calendars")).toEqual([]);
    expect(productsNamed("the jiras and githubby repos")).toEqual([]);
  });

  it("reads no everyday word as a product", () => {
    expect(productsNamed("zoom into the chart, cut some slack, and take notion of the box on monday")).toEqual([]);
  });

  it("reads a product that is also an everyday word only when written as a name, mid-sentence", () => {
    expect(productsNamed("post the summary on Slack and add a Zoom link to the Notion page")).toEqual([
      "slack",
      "zoom",
      "notion",
    ]);
    expect(productsNamed("Zoom in. Slack is fine; Notion: later.\nOutlook first")).toEqual([]);
    expect(productsNamed("ZOOM into the SLACK channel")).toEqual([]);
    expect(productsNamed("check my (Outlook) inbox and the Snowflake warehouse")).toEqual(["outlook", "snowflake"]);
    expect(productsNamed('said: "Zoom." Then Zoom')).toEqual(["zoom"]);
    expect(productsNamed('"Zoom" into the chart, (Slack) off')).toEqual(["slack"]);
    expect(productsNamed("book it on Monday with the Linear Regression Teams")).toEqual([]);
    expect(productsNamed("mail me at ops@Slack.com")).toEqual([]);
  });

  it("reads no product in an address: an e-mail, a URL or a host name", () => {
    expect(productsNamed("mail jane@gmail.com about it")).toEqual([]);
    expect(productsNamed("connect to postgres://db/main and fetch https://github.com/x")).toEqual([]);
    expect(productsNamed("is trello.com up? ask on Trello")).toEqual(["trello"]);
  });

  it("reads a bounded prefix of a huge request", () => {
    const huge = `${"a".repeat(40_000)} jira`;
    expect(productsNamed(huge)).toEqual([]);
    expect(productsNamed(`jira ${"b ".repeat(50_000)}`)).toEqual(["jira"]);
  });
});

describe("productsOfTool", () => {
  it("reads a tool's name and server as written and as identifiers, and its description as prose", () => {
    const found = new Set<string>();
    productsOfTool({ name: "jira__create_issue", description: "Create an issue." }, found);
    productsOfTool({ name: "list_incidents", server: "pagerduty", description: "List open incidents." }, found);
    productsOfTool({ name: "getTrelloCards", description: "Read cards." }, found);
    productsOfTool({ name: "post", description: "Post a message to a Microsoft Teams channel." }, found);
    productsOfTool({ name: "map_view", description: "zoom the map to a place." }, found);
    expect([...found].sort()).toEqual(["jira", "microsoft teams", "pagerduty", "trello", "zoom"]);
  });

  it("counts a product named by its other name as named: AWS is Amazon's, PostgreSQL is Postgres", () => {
    const found = new Set<string>();
    productsOfTool({ name: "s3__list_buckets", description: "List the S3 buckets of the AWS account." }, found);
    productsOfTool({ name: "db__query", description: "Run SQL on PostgreSQL." }, found);
    expect([...found].sort()).toEqual(["amazon", "aws", "postgres", "postgresql"]);
  });
});
