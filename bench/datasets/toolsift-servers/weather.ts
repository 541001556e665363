import { defineServer, tool } from "./define-server.js";
import { int, num, oneOf, str } from "./schema.js";

const location = {
  "location?": str("Place name like `Lisbon, PT` or a postcode; ignored when lat/lon are given."),
  "lat?": num("Latitude.", { minimum: -90, maximum: 90 }),
  "lon?": num("Longitude.", { minimum: -180, maximum: 180 }),
};
const units = oneOf(["metric", "imperial"], "Unit system.", { default: "metric" });

const tools = [
  tool(
    "get_current_conditions",
    "Get current weather for a location: temperature, feels-like, humidity, wind, pressure, visibility and a short summary. Observations are updated every 10 to 15 minutes.",
    {
      ...location,
      "units?": units,
    },
  ),
  tool(
    "get_daily_forecast",
    "Get a daily weather forecast for up to 16 days: highs and lows, precipitation chance and amount, wind and UV index. Days are in the location's local time zone.",
    {
      ...location,
      "days?": int("Number of days, 1-16.", { minimum: 1, maximum: 16, default: 7 }),
      "units?": units,
    },
  ),
  tool(
    "get_hourly_forecast",
    "Get an hour-by-hour weather forecast for the next 48 hours with temperature, precipitation probability and wind gusts. Use get_daily_forecast for more than two days ahead.",
    {
      ...location,
      "hours?": int("Hours ahead, 1-48.", { minimum: 1, maximum: 48, default: 24 }),
      "units?": units,
    },
  ),
  tool(
    "get_alerts",
    "Get active severe weather alerts (storms, floods, heat, winter weather) issued by national weather services for a location. Returns an empty list when no alerts are active.",
    {
      ...location,
      "severity?": oneOf(["minor", "moderate", "severe", "extreme"], "Minimum severity."),
    },
  ),
  tool(
    "get_air_quality",
    "Get the current air quality index and pollutant concentrations (PM2.5, PM10, ozone, NO2) for a location. The index follows the US EPA scale from 0 to 500.",
    location,
  ),
  tool(
    "get_historical_weather",
    "Get observed weather for a past date at a location: daily min/max temperature, rainfall and wind. Data goes back to 1940 for most places.",
    {
      ...location,
      date: str("Past date, YYYY-MM-DD.", { format: "date" }),
      "units?": units,
    },
  ),
];

export const weather = defineServer("weather", tools, {
  direct: {
    get_current_conditions: ["current weather in Lisbon", "whats teh weather in tokyo rigth now"],
    get_daily_forecast: ["7 day forecast for Denver"],
    get_hourly_forecast: ["hourly forecast for Berlin tonight"],
    get_alerts: ["any severe weather alerts for Miami?"],
    get_air_quality: ["air quality index in Delhi right now"],
  },
  paraphrase: {
    get_current_conditions: ["is it raining in lisbon at the moment", "how cold is it outside in Oslo"],
    get_daily_forecast: ["do I need an umbrella in Denver this weekend", "will it be sunny in rome next week"],
    get_hourly_forecast: ["what time does the rain stop in Berlin tonight"],
    get_alerts: ["is a hurricane warning in effect for Miami"],
    get_air_quality: ["is the smog bad enough in delhi that i should skip my run"],
    get_historical_weather: ["how hot was it in Chicago on July 4th last year"],
  },
});
