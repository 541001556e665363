import { defineServer, tool } from "./define-server.js";
import { bool, int, list, num, oneOf, str } from "./schema.js";

const mode = oneOf(["driving", "walking", "bicycling", "transit"], "Travel mode.", { default: "driving" });
const place = str("Address, place name or `lat,lng`.");

const tools = [
  tool(
    "geocode",
    "Convert an address or place name into latitude/longitude coordinates, with the formatted address and place ID. Ambiguous input may return several candidates.",
    {
      address: str("Address to geocode."),
      "region?": str("Two-letter region bias."),
    },
  ),
  tool(
    "reverse_geocode",
    "Convert latitude/longitude coordinates into the nearest human-readable street address. The first result is the most precise one.",
    {
      lat: num("Latitude."),
      lng: num("Longitude."),
    },
  ),
  tool(
    "get_directions",
    "Get route directions between an origin and destination, with distance, duration, turn-by-turn steps and optional waypoints. Alternative routes are included when available.",
    {
      origin: place,
      destination: place,
      "mode?": mode,
      "waypoints?": list(str("Stop."), "Intermediate stops."),
      "avoid?": list(oneOf(["tolls", "highways", "ferries"], "Feature."), "Route features to avoid."),
      "departure_time?": str("`now` or epoch seconds, for traffic-aware durations."),
    },
  ),
  tool(
    "search_places",
    "Search for places by text such as 'vegan restaurants in Austin' or 'pharmacy near Union Square', returning names, addresses, ratings and opening status. Returns up to 20 results per page.",
    {
      query: str("Text search."),
      "location?": str("`lat,lng` to bias results."),
      "radius_m?": int("Search radius in meters.", { maximum: 50000 }),
      "open_now?": bool("Only places open now."),
      "type?": str("Place type, e.g. `cafe`, `gas_station`."),
    },
  ),
  tool(
    "get_place_details",
    "Get details of a place by place ID: phone number, website, opening hours, reviews and price level. Place IDs come from search_places or geocode.",
    {
      place_id: str("Place ID."),
      "fields?": list(str("Field."), "Fields to return."),
    },
  ),
  tool(
    "distance_matrix",
    "Compute travel distances and times between several origins and several destinations at once. At most 25 origins or destinations per request.",
    {
      origins: list(place, "Origins."),
      destinations: list(place, "Destinations."),
      "mode?": mode,
    },
  ),
  tool(
    "get_timezone",
    "Get the time zone ID, UTC offset and DST offset for coordinates at a given time. Handles daylight saving time for the given timestamp.",
    {
      lat: num("Latitude."),
      lng: num("Longitude."),
      "timestamp?": int("Epoch seconds; now when omitted."),
    },
  ),
  tool(
    "get_elevation",
    "Get the elevation above sea level in meters for one or more coordinates. Points in the sea return negative values.",
    {
      locations: list(str("`lat,lng`."), "Points to look up."),
    },
  ),
];

export const maps = defineServer("maps", tools, {
  direct: {
    geocode: ["geocode 1600 Amphitheatre Parkway"],
    get_directions: ["directions from SFO to Palo Alto by transit"],
    search_places: ["search for coffee places near union square open now"],
    distance_matrix: ["distance matrix between our three warehouses and the two stores"],
    get_timezone: ["what timezone are the coordinates 35.68,139.69 in"],
  },
  paraphrase: {
    geocode: ["what are the lat/long for the eiffel tower"],
    reverse_geocode: ["what's at 40.7484,-73.9857"],
    get_directions: [
      "how do I drive from the office to the airport avoiding tolls",
      "fastest way to bike to golden gate park from here",
    ],
    search_places: ["good ramen spots in the mission"],
    get_place_details: ["when does Tartine bakery close today and how can I call them"],
    get_elevation: ["how high up is Boulder, CO"],
  },
});
