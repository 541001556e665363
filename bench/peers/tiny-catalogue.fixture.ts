import { rankDocumentOf, type RankDocument } from "../../src/ranking/index.js";

/** A small mixed catalogue every peer test ranks against. */
export const tinyCatalogue: RankDocument[] = [
  { name: "github__create_issue", description: "Create a new issue in a GitHub repository with a title and body." },
  { name: "github__list_pull_requests", description: "List open pull requests of a GitHub repository." },
  { name: "weather__get_forecast", description: "Get the weather forecast for a city for the next days." },
  { name: "mail__send_email", description: "Send an email message to one or more recipients." },
  { name: "calendar__create_event", description: "Create a calendar event and invite attendees." },
  { name: "files__read_file", description: "Read a text file from disk and return its contents." },
].map((tool) => rankDocumentOf(tool));
