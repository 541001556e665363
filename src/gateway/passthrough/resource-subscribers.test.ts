import { describe, expect, it } from "vitest";
import { ToolsiftError } from "../../errors.js";
import {
  MAX_SUBSCRIPTIONS_PER_SUBSCRIBER,
  ResourceSubscribers,
  type ResourceSubscriber,
} from "./resource-subscribers.js";

/** A host that records what it was asked, and refuses the URIs in `refuse`. */
function recordingHost(refuse: string[] = []) {
  const asked: string[] = [];
  return {
    asked,
    async subscribeResource(server: string, uri: string) {
      asked.push(`subscribe ${server} ${uri}`);
      if (refuse.includes(uri)) throw new ToolsiftError("mcp_request_failed", `refused ${uri}`);
    },
    async unsubscribeResource(server: string, uri: string) {
      asked.push(`unsubscribe ${server} ${uri}`);
    },
  };
}

function subscriber(heard: string[], deliver?: ResourceSubscriber["deliver"]): ResourceSubscriber {
  return { deliver: deliver ?? ((server, uri) => heard.push(`${server} ${uri}`)) };
}

describe("ResourceSubscribers", () => {
  it("holds one upstream subscription per URI and ends it with the last subscriber", async () => {
    const host = recordingHost();
    const registry = new ResourceSubscribers(host);
    const heard = { a: [] as string[], b: [] as string[] };
    const a = subscriber(heard.a);
    const b = subscriber(heard.b);
    await Promise.all([
      registry.add(a, "s", "memo://x"),
      registry.add(b, "s", "memo://x"),
      registry.add(a, "s", "memo://x"),
    ]);
    registry.updated("s", "memo://x");
    registry.updated("s", "memo://y");
    expect(heard).toEqual({ a: ["s memo://x"], b: ["s memo://x"] });
    await registry.remove(a, "s", "memo://x");
    expect(host.asked).toEqual(["subscribe s memo://x"]);
    await registry.removeAll(b);
    expect(host.asked).toEqual(["subscribe s memo://x", "unsubscribe s memo://x"]);
    registry.updated("s", "memo://x");
    expect(heard.b).toEqual(["s memo://x"]);
  });

  it("delivers once to subscribers that share one delivery (the streams of one handler)", async () => {
    const registry = new ResourceSubscribers(recordingHost());
    const published: string[] = [];
    const publish: ResourceSubscriber["deliver"] = (server, uri) => published.push(`${server} ${uri}`);
    await registry.add(subscriber([], publish), "s", "memo://x");
    await registry.add(subscriber([], publish), "s", "memo://x");
    registry.updated("s", "memo://x");
    expect(published).toEqual(["s memo://x"]);
  });

  it("forgets a subscription the server refused, for every subscriber that waited for it", async () => {
    const host = recordingHost(["memo://no"]);
    const registry = new ResourceSubscribers(host);
    const a = subscriber([]);
    const b = subscriber([]);
    const both = await Promise.allSettled([registry.add(a, "s", "memo://no"), registry.add(b, "s", "memo://no")]);
    expect(both.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect([registry.countOf(a), registry.countOf(b)]).toEqual([0, 0]);
    await registry.removeAll(a);
    expect(host.asked).toEqual(["subscribe s memo://no"]);
  });

  it("keeps the upstream subscription a new subscriber came for while the last one left", async () => {
    const host = recordingHost();
    const registry = new ResourceSubscribers(host);
    const a = subscriber([]);
    const b = subscriber([]);
    await registry.add(a, "s", "memo://x");
    const leaving = registry.remove(a, "s", "memo://x");
    const coming = registry.add(b, "s", "memo://x");
    await Promise.all([leaving, coming]);
    expect(host.asked).toEqual(["subscribe s memo://x", "subscribe s memo://x"]);
  });

  it("refuses a subscriber past its bound, asking nothing upstream", async () => {
    const host = recordingHost();
    const registry = new ResourceSubscribers(host);
    const a = subscriber([]);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SUBSCRIBER; i++) await registry.add(a, "s", `memo://${i}`);
    await expect(registry.add(a, "s", "memo://more")).rejects.toMatchObject({ code: "too_many_subscriptions" });
    expect(host.asked).not.toContain("subscribe s memo://more");
  });
});
