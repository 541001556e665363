import { defineServer, tool } from "./define-server.js";
import { bool, int, list, obj, oneOf, str, stringMap } from "./schema.js";

const bucket = str("Bucket name.");
const key = str("Object key, e.g. `reports/2024/q1.csv`.");

const tools = [
  tool(
    "list_buckets",
    "List all S3 buckets in the account with their creation dates and regions. Only buckets owned by the credentials' account are shown.",
    {},
  ),
  tool(
    "create_bucket",
    "Create an S3 bucket in a region. Bucket names are global, 3-63 characters, lowercase letters, digits, dots and hyphens.",
    {
      bucket,
      "region?": str("AWS region, e.g. `eu-west-1`.", { default: "us-east-1" }),
      "block_public_access?": bool("Turn on all four public access blocks.", { default: true }),
      "versioning?": bool("Enable object versioning."),
    },
  ),
  tool(
    "list_objects",
    "List objects in an S3 bucket under a prefix (ListObjectsV2), with size, storage class and last-modified time. Returns up to 1000 keys per page; pass the continuation token for more.",
    {
      bucket,
      "prefix?": str("Only keys starting with this prefix."),
      "delimiter?": str("Group keys into common prefixes, usually `/`."),
      "max_keys?": int("At most 1000.", { maximum: 1000 }),
      "continuation_token?": str("Token from the previous page."),
    },
  ),
  tool(
    "get_object",
    "Download an object from S3. Text content is returned as UTF-8; binary content as base64. A byte range may be requested.",
    {
      bucket,
      key,
      "range?": str("HTTP range such as `bytes=0-1023`."),
      "version_id?": str("Specific object version."),
    },
  ),
  tool(
    "put_object",
    "Upload an object to S3 from text or base64 content, with content type, metadata and storage class. Objects over 5 GB need multipart upload, which this tool does not do.",
    {
      bucket,
      key,
      "body_text?": str("UTF-8 content."),
      "body_base64?": str("Binary content, base64-encoded."),
      "content_type?": str("MIME type."),
      "storage_class?": oneOf(
        ["STANDARD", "STANDARD_IA", "ONEZONE_IA", "INTELLIGENT_TIERING", "GLACIER", "DEEP_ARCHIVE"],
        "Storage class.",
      ),
      "metadata?": stringMap("User metadata (x-amz-meta-*)."),
    },
  ),
  tool(
    "delete_objects",
    "Delete one or more objects from an S3 bucket in a single request (up to 1000 keys). On versioned buckets this adds delete markers instead of removing data.",
    {
      bucket,
      keys: list(key, "Keys to delete.", { minItems: 1, maxItems: 1000 }),
    },
  ),
  tool(
    "copy_object",
    "Copy an S3 object to another key or bucket, optionally replacing its metadata or storage class. Objects up to 5 GB are copied server-side without downloading them.",
    {
      source_bucket: bucket,
      source_key: key,
      destination_bucket: bucket,
      destination_key: key,
      "storage_class?": str("Storage class for the copy."),
    },
  ),
  tool(
    "head_object",
    "Get an S3 object's metadata without downloading it: size, ETag, content type, last modified and user metadata. Returns 404 when the key does not exist.",
    { bucket, key },
  ),
  tool(
    "generate_presigned_url",
    "Generate a presigned URL that grants temporary access to download or upload one S3 object without AWS credentials. Signing happens locally; no request is sent to AWS.",
    {
      bucket,
      key,
      "method?": oneOf(["GET", "PUT"], "GET to download, PUT to upload.", { default: "GET" }),
      "expires_in?": int("Validity in seconds, max 604800 (7 days).", { maximum: 604800, default: 3600 }),
    },
  ),
  tool(
    "get_bucket_policy",
    "Get the bucket policy JSON attached to an S3 bucket, and whether the bucket is public. Returns null when the bucket has no policy.",
    { bucket },
  ),
  tool(
    "put_lifecycle_rule",
    "Add a lifecycle rule to an S3 bucket to transition objects to cheaper storage classes or expire them after N days. Existing rules with other ids are kept.",
    {
      bucket,
      rule: obj(
        {
          id: str("Rule name."),
          "prefix?": str("Only objects under this prefix."),
          "transition_days?": int("Days after creation to transition."),
          "transition_storage_class?": oneOf(["STANDARD_IA", "GLACIER", "DEEP_ARCHIVE"], "Target storage class."),
          "expiration_days?": int("Days after creation to delete."),
        },
        "The rule to add.",
      ),
    },
  ),
];

export const s3 = defineServer("s3", tools, {
  direct: {
    list_buckets: ["list my s3 buckets"],
    create_bucket: ["create an s3 bucket named acme-logs-eu in eu-west-1 with versioning"],
    list_objects: ["list objects in s3 bucket acme-reports under prefix 2024/"],
    put_object: ["upload report.csv to the s3 bucket acme-reports"],
    generate_presigned_url: ["generate a presigned url for s3://acme-reports/q1.pdf valid for a day"],
    get_bucket_policy: ["get the bucket policy of acme-public-assets"],
  },
  paraphrase: {
    list_buckets: ["what storage containers do we have on amazon's blob service"],
    get_object: ["pull down acme-reports/2024/q1.csv from aws storage so i can read it"],
    delete_objects: ["wipe the tmp/ exports we left in acme-reports on aws"],
    copy_object: ["duplicate q1.pdf from acme-reports into archive-eu on aws too"],
    head_object: ["how big is intro.mp4 in acme-media on aws, without fetching it"],
    generate_presigned_url: ["give the auditor a link to q1.pdf in our acme-reports amazon bucket that dies after 24h"],
    put_lifecycle_rule: ["move logs older than three months to glacier automatically in acme-logs-eu"],
  },
});
