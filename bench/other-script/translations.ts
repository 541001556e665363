/**
 * English renderings, written for this bench, of the shared sets' requests that `search_tools`
 * answers with a `language` note (requests in a script none of the tools' text uses): what a model
 * that follows the note would search for next. Keyed by the first 16 hex digits of the request's
 * SHA-256, so the requests themselves stay in the shared sets. Each is a plain translation of the
 * user's words, not of the expected tool's description.
 */
export const TRANSLATIONS: ReadonlyMap<string, string> = new Map([
  // BFCL (Chinese)
  [
    "d2ddd033a3846636",
    "I want to know the current weather in Shanghai. Can you look it up? Show the temperature in Celsius.",
  ],
  ["0ed1906e76c65fce", "What will the weather be like in Beijing the day after tomorrow?"],
  ["2d26f8b2e20ba4fe", "Get Adidas's work orders."],
  ["8dcff5f743d2038d", "Get Adidas's p4 work orders."],
  ["1397d7998fbe690e", "What is the current weather in Beijing? And what is the weather like in Shanghai?"],
  ["6c1dd4278800e636", "Can you check the current weather in Guangzhou and Beijing, China? Please use metric units."],
  [
    "ba7f8f685e5cb709",
    "I want to buy 10 McSpicy chicken burgers, 50 Coca-Colas, 30 fried chicken wings and 90 fries from KFC.",
  ],
  [
    "59eca548bc726b10",
    "Please look up all of the company 'Hongxing Technology''s unresolved work orders; I want to see at most 10.",
  ],
  // BFCL (Thai)
  ["c7fa8edd6c3ca3cd", "I need the service ID for an ironing service. Can you find it for me?"],
  ["5e8c47d0e1769ba2", "Help me find a housekeeper who offers ironing."],
  ["e15e88e6ac76a5e8", "Help me find a housekeeper who offers ironing"],
]);
