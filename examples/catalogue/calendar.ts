import { z } from "zod";
import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { FAKE_NOW, lookup, matchesQuery, notFound, sequence } from "./fake-service.js";
import { choice, dateTime, email, flag, integer, list, obj, strings, text } from "./schema-parts.js";
import { serverTools } from "./server-tools.js";

interface EventTime {
  dateTime: string;
  timeZone?: string;
}

interface Attendee {
  email: string;
  displayName?: string;
  optional?: boolean;
  responseStatus: "needsAction" | "accepted" | "declined" | "tentative";
  self?: boolean;
}

interface CalendarEvent {
  id: string;
  calendarId: string;
  summary: string;
  description?: string;
  location?: string;
  start: EventTime;
  end: EventTime;
  attendees: Attendee[];
  recurrence?: string[];
  visibility: "default" | "public" | "private";
  hangoutLink?: string;
  status: "confirmed" | "cancelled";
  updated: string;
}

const ME = "mira@acme.example";

const calendars = [
  { id: "primary", summary: ME, timeZone: "Europe/Berlin", accessRole: "owner", primary: true },
  { id: "eng-team@group.calendar.example", summary: "Engineering", timeZone: "Europe/Berlin", accessRole: "writer" },
  { id: "de.german#holiday@group.v.calendar.example", summary: "Holidays in Germany", timeZone: "Europe/Berlin", accessRole: "reader" },
];

const attendee = (address: string, responseStatus: Attendee["responseStatus"] = "needsAction"): Attendee => ({
  email: address,
  responseStatus,
  ...(address === ME ? { self: true } : {}),
});

const event = (id: string, summary: string, start: string, end: string, extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id,
  calendarId: "primary",
  summary,
  start: { dateTime: start, timeZone: "Europe/Berlin" },
  end: { dateTime: end, timeZone: "Europe/Berlin" },
  attendees: [],
  visibility: "default",
  status: "confirmed",
  updated: "2025-05-28T08:00:00Z",
  ...extra,
});

const events: CalendarEvent[] = [
  event("evt_standup", "Storefront stand-up", "2025-06-02T08:00:00Z", "2025-06-02T08:15:00Z", {
    recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    attendees: [attendee(ME, "accepted"), attendee("devon@acme.example", "accepted")],
  }),
  event("evt_postmortem", "Checkout incident postmortem", "2025-06-03T12:00:00Z", "2025-06-03T13:00:00Z", {
    description: "Timeline and follow-ups for the Safari checkout outage.",
    attendees: [attendee(ME, "needsAction"), attendee("priya@acme.example", "accepted"), attendee("devon@acme.example", "tentative")],
    hangoutLink: "https://meet.example/abc-defg-hij",
  }),
  event("evt_lunch", "Lunch with Ana", "2025-06-04T10:00:00Z", "2025-06-04T11:00:00Z", { location: "Café Einstein" }),
  event("evt_allhands", "All-hands", "2025-06-05T14:00:00Z", "2025-06-05T15:00:00Z", {
    calendarId: "eng-team@group.calendar.example",
    visibility: "public",
  }),
];

const nextEvent = sequence(1);
const inEvent = lookup(
  "Event",
  (input: { calendarId?: string; eventId: string }) =>
    events.find((e) => e.id === input.eventId && e.calendarId === (input.calendarId ?? "primary") && e.status !== "cancelled"),
  (input) => input.eventId,
);

const overlaps = (e: CalendarEvent, from?: string, to?: string) =>
  (from === undefined || e.end.dateTime > from) && (to === undefined || e.start.dateTime < to);

const calendarIdField = {
  calendarId: text("Calendar id, or primary for the user's main calendar.", { default: "primary", examples: ["primary"] }),
};
const eventRef = { ...calendarIdField, eventId: text("Event id.", { examples: ["evt_postmortem"] }) };
const sendUpdatesField = {
  sendUpdates: choice(["all", "externalOnly", "none"], "Who gets an email about the change.", "all"),
};
const eventTime = (description: string) =>
  obj(
    {
      dateTime: dateTime("Start or end as an RFC 3339 date-time with offset."),
      timeZone: text("IANA time zone name, such as Europe/Berlin.", { default: "UTC" }),
    },
    ["dateTime"],
    description,
  );

const zodEventTime = z.object({
  dateTime: z.iso.datetime({ offset: true }).describe("RFC 3339 date-time with offset."),
  timeZone: z.string().default("UTC").describe("IANA time zone name, such as Europe/Berlin."),
});

const tool = serverTools("calendar");

/** Tools of a Google Calendar MCP server, run against an in-memory set of calendars and events. */
export const calendarTools: ToolDefinition[] = [
  tool({
    name: "list_calendars",
    description:
      "List the calendars on the user's calendar list, with id, name, time zone and access role. " +
      "Shared team calendars and holiday calendars appear here next to the primary one.",
    inputSchema: obj({
      minAccessRole: choice(["freeBusyReader", "reader", "writer", "owner"], "Only calendars with at least this role."),
      showHidden: flag("Include calendars hidden from the list.", false),
    }),
    execute: (input) => {
      const roles = ["freeBusyReader", "reader", "writer", "owner"];
      const min = roles.indexOf(input.minAccessRole ?? "freeBusyReader");
      return { items: calendars.filter((c) => roles.indexOf(c.accessRole) >= min) };
    },
  }),
  tool({
    name: "list_events",
    description:
      "List the events on a calendar in a time range, such as today's meetings or next week's schedule. " +
      "Filter by free text with q; with singleEvents, recurring events are expanded into instances ordered by start time.",
    inputSchema: obj({
      ...calendarIdField,
      timeMin: dateTime("Only events ending after this time."),
      timeMax: dateTime("Only events starting before this time."),
      q: text("Free-text search over summary, description, location and attendees."),
      maxResults: integer("Most events to return.", { minimum: 1, maximum: 2500, default: 250 }),
      singleEvents: flag("Expand recurring events into single instances.", false),
      orderBy: choice(["startTime", "updated"], "Sort order; startTime requires singleEvents."),
      showDeleted: flag("Include cancelled events.", false),
      pageToken: text("Token from nextPageToken of the previous page."),
    }),
    tags: ["agenda", "schedule", "meetings"],
    execute: (input) => {
      const hits = events.filter(
        (e) =>
          e.calendarId === (input.calendarId ?? "primary") &&
          (e.status === "confirmed" || input.showDeleted) &&
          overlaps(e, input.timeMin, input.timeMax) &&
          (input.q === undefined || matchesQuery(input.q, e.summary, e.description, e.location, ...e.attendees.map((a) => a.email))),
      );
      if (input.orderBy === "startTime") hits.sort((a, b) => a.start.dateTime.localeCompare(b.start.dateTime));
      return { items: hits.slice(0, input.maxResults ?? 250), nextPageToken: null };
    },
  }),
  tool({
    name: "get_event",
    description:
      "Get one event with its full details: time, location, attendees and their responses, conferencing link. " +
      "Use list_events to find the event id.",
    inputSchema: obj(eventRef, ["eventId"]),
    execute: inEvent((_input, found) => found),
  }),
  tool({
    name: "create_event",
    description:
      "Create an event on a calendar and invite attendees. " +
      "Supports recurrence rules, custom reminders and an automatically created video meeting link; returns the created event.",
    inputSchema: z.object({
      calendarId: z.string().default("primary").describe("Calendar id, or primary."),
      summary: z.string().min(1).describe("Event title.").meta({ examples: ["Design review: dark mode"] }),
      description: z.string().optional().describe("Agenda or notes; basic HTML is allowed."),
      location: z.string().optional().describe("Free-form location or address."),
      start: zodEventTime.describe("When the event starts."),
      end: zodEventTime.describe("When the event ends; must be after start."),
      attendees: z
        .array(
          z.object({
            email: z.email().describe("Attendee email address."),
            displayName: z.string().optional().describe("Name to show."),
            optional: z.boolean().default(false).describe("Mark the attendance as optional."),
          }),
        )
        .max(100)
        .optional()
        .describe("People to invite."),
      recurrence: z.array(z.string().startsWith("RRULE:")).optional().describe("RRULE lines, such as RRULE:FREQ=WEEKLY;COUNT=4."),
      reminders: z
        .object({
          useDefault: z.boolean().describe("Use the calendar's default reminders."),
          overrides: z
            .array(z.object({ method: z.enum(["email", "popup"]), minutes: z.number().int().min(0).max(40320) }))
            .max(5)
            .optional()
            .describe("Custom reminders, when useDefault is false."),
        })
        .optional(),
      addVideoMeeting: z.boolean().default(false).describe("Create a video meeting link for the event."),
      visibility: z.enum(["default", "public", "private"]).default("default"),
      sendUpdates: z.enum(["all", "externalOnly", "none"]).default("all").describe("Who gets an invitation email."),
    }),
    tags: ["schedule meeting", "book", "invite"],
    execute: (input) => {
      if (!calendars.some((c) => c.id === input.calendarId)) return notFound("Calendar", input.calendarId);
      const id = `evt_${nextEvent()}`;
      const created = event(id, input.summary, input.start.dateTime, input.end.dateTime, {
        calendarId: input.calendarId,
        start: input.start,
        end: input.end,
        description: input.description,
        location: input.location,
        recurrence: input.recurrence,
        visibility: input.visibility,
        attendees: [attendee(ME, "accepted"), ...(input.attendees ?? []).map((a) => ({ ...a, responseStatus: "needsAction" as const }))],
        hangoutLink: input.addVideoMeeting ? `https://meet.example/${id}` : undefined,
        updated: FAKE_NOW,
      });
      events.push(created);
      return created;
    },
  }),
  tool({
    name: "update_event",
    description:
      "Change an existing event's title, time, location, description or attendee list. " +
      "Fields left out keep their values; a given attendee list replaces the current one.",
    inputSchema: obj(
      {
        ...eventRef,
        summary: text("New title."),
        description: text("New description."),
        location: text("New location."),
        start: eventTime("New start."),
        end: eventTime("New end."),
        attendees: list(
          obj({ email: email("Attendee email address."), optional: flag("Optional attendee.", false) }, ["email"]),
          "Replacement attendee list.",
        ),
        ...sendUpdatesField,
      },
      ["eventId"],
    ),
    tags: ["reschedule", "move meeting"],
    execute: inEvent((input, found) => {
      const { calendarId, eventId, sendUpdates, attendees, ...changes } = input;
      Object.assign(found, changes, { updated: FAKE_NOW });
      if (attendees) found.attendees = attendees.map((a) => found.attendees.find((x) => x.email === a.email) ?? attendee(a.email));
      return found;
    }),
  }),
  tool({
    name: "delete_event",
    description:
      "Delete an event from a calendar and optionally notify its attendees that it is cancelled. " +
      "Deleting a recurring event's id removes every instance.",
    inputSchema: obj({ ...eventRef, ...sendUpdatesField }, ["eventId"]),
    destructive: true,
    tags: ["cancel meeting"],
    execute: inEvent((input, found) => {
      found.status = "cancelled";
      const notified = input.sendUpdates === "none" ? [] : found.attendees.filter((a) => !a.self).map((a) => a.email);
      return { deleted: found.id, notified };
    }),
  }),
  tool({
    name: "respond_to_event",
    description:
      "Accept, decline or tentatively accept an invitation on behalf of the user. " +
      "The organizer sees the response and the optional comment.",
    inputSchema: obj(
      {
        ...eventRef,
        responseStatus: choice(["accepted", "declined", "tentative"], "The user's answer."),
        comment: text("Note to the organizer.", { maxLength: 500 }),
      },
      ["eventId", "responseStatus"],
    ),
    tags: ["RSVP", "accept invite", "decline"],
    execute: inEvent((input, found) => {
      const self = found.attendees.find((a) => a.self);
      if (!self) return notFound("Invitation for the user on event", found.id);
      self.responseStatus = input.responseStatus;
      return { eventId: found.id, responseStatus: self.responseStatus };
    }),
  }),
  tool({
    name: "find_free_time",
    description:
      "Find time slots when all the given calendars are free, for scheduling a meeting of a given length. " +
      "Returns the busy blocks per calendar and the free slots long enough for the meeting.",
    inputSchema: obj(
      {
        timeMin: dateTime("Start of the window to search.", ["2025-06-03T07:00:00Z"]),
        timeMax: dateTime("End of the window to search.", ["2025-06-03T16:00:00Z"]),
        calendars: strings("Calendar ids or attendee emails to check.", { minItems: 1, maxItems: 50, examples: [["primary"]] }),
        durationMinutes: integer("Length of the meeting to fit.", { minimum: 5, maximum: 480, default: 30 }),
        timeZone: text("Time zone for the answer.", { default: "UTC" }),
      },
      ["timeMin", "timeMax", "calendars"],
    ),
    tags: ["availability", "when is everyone free", "free/busy"],
    execute: (input) => {
      const busyFor = (id: string) =>
        events
          .filter((e) => e.status === "confirmed" && overlaps(e, input.timeMin, input.timeMax))
          .filter((e) => e.calendarId === id || e.attendees.some((a) => a.email === id && a.responseStatus !== "declined"))
          .map((e) => ({ start: e.start.dateTime, end: e.end.dateTime }));
      const busy = Object.fromEntries(input.calendars.map((id) => [id, busyFor(id)]));
      const blocks = Object.values(busy).flat().sort((a, b) => a.start.localeCompare(b.start));
      const need = (input.durationMinutes ?? 30) * 60_000;
      const free: { start: string; end: string }[] = [];
      let cursor = Date.parse(input.timeMin);
      for (const block of [...blocks, { start: input.timeMax, end: input.timeMax }]) {
        const start = Date.parse(block.start);
        if (start - cursor >= need) free.push({ start: new Date(cursor).toISOString(), end: new Date(start).toISOString() });
        cursor = Math.max(cursor, Date.parse(block.end));
      }
      return { busy, free };
    },
  }),
  tool({
    name: "quick_add_event",
    description:
      "Create an event from a short natural-language sentence such as 'Lunch with Ana tomorrow at noon'. " +
      "The calendar service parses the time; use create_event when attendees or reminders matter.",
    inputSchema: obj(
      { text: text("Sentence describing the event.", { examples: ["Coffee with Priya tomorrow 9am"] }), ...calendarIdField },
      ["text"],
    ),
    execute: (input) => {
      // The fake does not parse language: it books an hour the next morning, like a low-effort quick add.
      const start = new Date(Date.parse(FAKE_NOW) + 24 * 3_600_000);
      const created = event(`evt_${nextEvent()}`, input.text, start.toISOString(), new Date(start.getTime() + 3_600_000).toISOString());
      created.calendarId = input.calendarId ?? "primary";
      events.push(created);
      return created;
    },
  }),
];
