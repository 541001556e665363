import { defineServer, tool } from "./define-server.js";
import { int, list, oneOf, str, stringMap } from "./schema.js";

const key = str("Redis key.");

const tools = [
  tool(
    "get",
    "Get the string value stored at a Redis key; returns null when the key does not exist. Use hash_get_all for hashes; calling this on a non-string key returns a WRONGTYPE error.",
    { key },
  ),
  tool(
    "set",
    "Set a Redis key to a string value, optionally with an expiry and only if it does or does not already exist. An existing TTL is discarded unless a new expiry is given.",
    {
      key,
      value: str("Value to store."),
      "ex_seconds?": int("Expire after this many seconds.", { minimum: 1 }),
      "condition?": oneOf(["NX", "XX"], "NX: only set if absent. XX: only set if present."),
    },
  ),
  tool(
    "delete",
    "Delete one or more Redis keys and return how many were removed. Keys that do not exist are ignored.",
    { keys: list(key, "Keys to delete.", { minItems: 1 }) },
  ),
  tool(
    "scan_keys",
    "Iterate over Redis keys matching a glob pattern with SCAN, without blocking the server like KEYS does. May return the same key twice across iterations; callers should de-duplicate.",
    {
      pattern: str("Glob pattern, e.g. `session:*`."),
      "count?": int("Hint for keys per iteration.", { default: 100 }),
      "type?": oneOf(["string", "list", "set", "zset", "hash", "stream"], "Only keys of this type."),
      "cursor?": str("Cursor from the previous call; `0` to start."),
    },
  ),
  tool(
    "expire",
    "Set a time-to-live on a Redis key in seconds; the key is deleted when it runs out. Setting a key again with set clears the TTL.",
    { key, seconds: int("TTL in seconds.") },
  ),
  tool(
    "ttl",
    "Return the remaining time to live of a Redis key in seconds (-1 if it never expires, -2 if missing). Useful for debugging rate limiters and session expiry.",
    { key },
  ),
  tool(
    "hash_get_all",
    "Return all fields and values of a Redis hash (HGETALL). Returns an empty object when the key does not exist.",
    { key },
  ),
  tool(
    "hash_set",
    "Set one or more fields in a Redis hash (HSET). Creates the hash if it does not exist; other fields are left untouched.",
    { key, fields: stringMap("Field → value pairs.") },
  ),
  tool(
    "list_push",
    "Push values onto the head or tail of a Redis list (LPUSH / RPUSH). Creates the list if needed and returns its new length.",
    {
      key,
      values: list(str("Element."), "Values to push.", { minItems: 1 }),
      "side?": oneOf(["left", "right"], "Head (left) or tail (right).", { default: "left" }),
    },
  ),
  tool(
    "publish",
    "Publish a message on a Redis pub/sub channel and return how many subscribers received it. Messages are not stored; subscribers that are offline miss them.",
    {
      channel: str("Channel name."),
      message: str("Payload."),
    },
  ),
  tool(
    "info",
    "Return Redis INFO output for a section: memory usage, connected clients, keyspace, replication, persistence and more. Values are returned as a parsed object keyed by section.",
    {
      "section?": oneOf(
        ["server", "clients", "memory", "persistence", "stats", "replication", "keyspace", "all"],
        "INFO section.",
        { default: "all" },
      ),
    },
  ),
];

export const redis = defineServer("redis", tools, {
  direct: {
    get: ["redis get feature_flags:checkout"],
    set: ["set redis key maintenance_mode to on with a 10 minute expiry"],
    scan_keys: ["scan redis keys matching session:*"],
    ttl: ["what's the ttl of the redis key rate:user:42"],
    hash_get_all: ["get all fields of the redis hash user:1001"],
    publish: ["publish a cache-bust message on the redis channel invalidations"],
    info: ["show redis memory info"],
  },
  paraphrase: {
    get: ["what does the cache hold for feature_flags:checkout"],
    delete: ["purge the cached session:abc123 entry from our in-memory cache"],
    expire: ["make the cached rate:user:42 entry vanish in an hour"],
    hash_set: ["on the cache, change plan to pro and seats to 5 for user:1001"],
    list_push: ["enqueue job 981 in the jobs queue in our cache"],
    info: ["how much RAM is our cache server using right now"],
  },
});
