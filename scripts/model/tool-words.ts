/**
 * Words common in tool names, descriptions and agent requests that GloVe's news-and-Wikipedia
 * frequency order ranks low (e.g. "json" ≈ #116k, "timestamp" ≈ #133k). They are kept whatever
 * the frequency cut. Written for toolsift from general software vocabulary, not taken from any
 * dataset; a word GloVe lacks is simply skipped (the build prints them).
 */
export const TOOL_WORDS: readonly string[] = [
  // data formats and encodings
  "json", "jsonl", "yaml", "yml", "xml", "csv", "tsv", "html", "xhtml", "css", "markdown", "pdf", "docx", "xlsx",
  "pptx", "txt", "rtf", "svg", "png", "jpeg", "jpg", "gif", "webp", "bmp", "tiff", "mp3", "mp4", "wav", "flac",
  "ogg", "avi", "mkv", "zip", "gzip", "tar", "rar", "base64", "utf", "ascii", "unicode", "hex", "binary", "protobuf",
  "parquet", "sqlite", "ical", "vcard", "epub", "exif", "metadata", "mime", "checksum", "hash", "sha", "md5",
  // web and networking
  "api", "apis", "rest", "restful", "graphql", "endpoint", "endpoints", "http", "https", "url", "urls", "uri",
  "webhook", "webhooks", "websocket", "socket", "dns", "ip", "ipv4", "ipv6", "tcp", "udp", "ssl", "tls", "ssh",
  "ftp", "sftp", "smtp", "imap", "proxy", "cdn", "domain", "subdomain", "hostname", "whois", "ping", "traceroute",
  "latency", "bandwidth", "firewall", "vpn", "useragent", "cookie", "cookies", "cors", "oauth", "token", "tokens",
  "jwt", "apikey", "captcha", "sitemap", "crawler", "crawl", "scrape", "scraper", "scraping", "browser", "chromium",
  "headless", "screenshot", "favicon", "permalink", "hyperlink", "backlink", "seo", "rss", "feed", "feeds",
  // software development
  "github", "gitlab", "bitbucket", "git", "repo", "repos", "repository", "commit", "commits", "branch", "branches",
  "merge", "rebase", "diff", "patch", "changelog", "release", "releases", "tag", "issue", "issues", "ticket",
  "tickets", "bug", "bugs", "pull", "fork", "clone", "codebase", "refactor", "lint", "linter", "compile", "compiler",
  "debug", "debugger", "runtime", "sdk", "cli", "ide", "npm", "pip", "docker", "container", "containers",
  "kubernetes", "cluster", "pod", "pods", "deploy", "deployment", "deployments", "pipeline", "pipelines", "ci",
  "workflow", "workflows", "cron", "scheduler", "daemon", "microservice", "serverless", "lambda", "terraform",
  "ansible", "jenkins", "regex", "parser", "parse", "syntax", "snippet", "snippets", "function", "functions",
  "variable", "variables", "parameter", "parameters", "param", "params", "argument", "arguments", "schema",
  "schemas", "config", "configuration", "env", "stdout", "stderr", "log", "logs", "logging", "stacktrace",
  "exception", "timeout", "retry", "async", "callback", "queue", "queues", "cache", "caching", "mutex", "thread",
  "threads", "uuid", "guid", "id", "ids", "identifier", "namespace", "plugin", "plugins", "extension", "widget",
  "template", "templates", "javascript", "typescript", "python", "java", "kotlin", "swift", "golang", "rust", "ruby",
  "php", "perl", "scala", "haskell", "sql", "nosql", "postgres", "postgresql", "mysql", "mongodb", "redis",
  "elasticsearch", "database", "databases", "query", "queries", "table", "tables", "index", "indexes", "row", "rows",
  "column", "columns", "record", "records", "dataset", "datasets", "dataframe", "spreadsheet", "spreadsheets",
  "notebook", "jupyter", "vector", "vectors", "embedding", "embeddings", "tensor", "model", "models", "inference",
  "llm", "chatbot", "gpt", "prompt", "prompts", "classifier", "regression", "clustering", "sentiment", "ocr",
  "transcribe", "transcription", "transcript", "tts", "translate", "translation", "summarize", "summarise",
  "summary", "tokenize", "tokenizer",
  // files, storage and documents
  "file", "files", "folder", "folders", "directory", "directories", "filename", "filepath", "path", "upload",
  "uploads", "download", "downloads", "attachment", "attachments", "bucket", "buckets", "blob", "s3", "dropbox",
  "onedrive", "sharepoint", "backup", "backups", "archive", "unzip", "compress", "thumbnail", "thumbnails",
  "watermark", "resize", "crop", "rotate", "convert", "converter", "export", "import", "sync", "rename", "delete",
  "overwrite", "append",
  // accounts, security, identity
  "username", "usernames", "password", "passwords", "login", "logout", "signin", "signup", "sso", "mfa", "otp",
  "authenticate", "authentication", "authorization", "auth", "credential", "credentials", "permission",
  "permissions", "role", "roles", "admin", "administrator", "account", "accounts", "profile", "profiles", "avatar",
  "encrypt", "encryption", "decrypt", "decryption", "vulnerability", "vulnerabilities", "malware", "phishing",
  "antivirus", "spam", "audit",
  // communication and productivity
  "email", "emails", "inbox", "outbox", "mailbox", "newsletter", "sms", "mms", "whatsapp", "telegram", "slack",
  "discord", "teams", "zoom", "skype", "chat", "chats", "message", "messages", "messaging", "notification",
  "notifications", "reminder", "reminders", "calendar", "calendars", "appointment", "appointments", "meeting",
  "meetings", "agenda", "todo", "todos", "task", "tasks", "checklist", "kanban", "jira", "trello", "asana", "notion",
  "confluence", "wiki", "contact", "contacts", "voicemail", "fax", "invoice", "invoices", "receipt", "receipts",
  "crm", "salesforce", "hubspot", "zendesk", "helpdesk", "chatroom", "hashtag", "hashtags", "tweet", "tweets",
  "retweet", "twitter", "instagram", "facebook", "linkedin", "reddit", "subreddit", "youtube", "tiktok", "pinterest",
  "snapchat", "twitch", "podcast", "podcasts", "playlist", "playlists", "spotify", "lyrics", "emoji", "emojis",
  "meme", "memes", "gif", "blog", "blogs", "vlog", "influencer", "follower", "followers", "subscriber",
  "subscribers", "livestream",
  // commerce, finance, crypto
  "ecommerce", "checkout", "cart", "coupon", "coupons", "discount", "sku", "inventory", "shipment", "shipping",
  "tracking", "refund", "refunds", "payment", "payments", "paypal", "stripe", "venmo", "iban", "swift", "invoice",
  "billing", "subscription", "subscriptions", "pricing", "quote", "quotes", "stock", "stocks", "ticker", "nasdaq",
  "dividend", "dividends", "portfolio", "forex", "exchange", "currency", "currencies", "crypto", "cryptocurrency",
  "bitcoin", "ethereum", "blockchain", "wallet", "wallets", "nft", "nfts", "defi", "token", "mortgage", "loan",
  "loans", "interest", "tax", "taxes", "vat", "payroll", "expense", "expenses", "budget", "ledger", "accounting",
  // maps, travel, weather, places
  "geocode", "geocoding", "latitude", "longitude", "coordinates", "gps", "geolocation", "zipcode", "postcode",
  "timezone", "timezones", "utc", "address", "addresses", "map", "maps", "route", "routes", "directions",
  "navigation", "itinerary", "flight", "flights", "airline", "airport", "hotel", "hotels", "booking", "bookings",
  "reservation", "reservations", "airbnb", "uber", "taxi", "commute", "transit", "weather", "forecast",
  "forecasts", "temperature", "humidity", "precipitation", "sunrise", "sunset", "earthquake", "pollen", "aqi",
  // time and numbers
  "timestamp", "timestamps", "datetime", "date", "dates", "unix", "epoch", "countdown", "stopwatch", "timer",
  "calculator", "calculate", "conversion", "unit", "units", "percentage", "average", "median", "statistics",
  "stats", "analytics", "metric", "metrics", "kpi", "dashboard", "dashboards", "chart", "charts", "graph", "graphs",
  "histogram", "plot", "random", "generator", "generate",
  // media, entertainment, sports, health, misc
  "imdb", "movie", "movies", "trailer", "trailers", "episode", "episodes", "anime", "manga", "netflix", "recipe",
  "recipes", "nutrition", "calorie", "calories", "workout", "fitness", "bmi", "covid", "vaccine", "symptom",
  "symptoms", "diagnosis", "medication", "prescription", "nba", "nfl", "mlb", "nhl", "fifa", "uefa", "espn",
  "scoreboard", "standings", "fixtures", "esports", "horoscope", "zodiac", "trivia", "quiz", "joke", "jokes",
  "dictionary", "thesaurus", "synonym", "synonyms", "antonym", "definition", "pronunciation", "wikipedia", "qr",
  "barcode", "isbn", "vin", "license", "plate", "ev", "charger", "iot", "thermostat", "smarthome", "alexa",
];
