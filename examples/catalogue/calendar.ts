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
  {
    id: "de.german#holiday@group.v.calendar.example",
    summary: "Holidays in Germany",
    timeZone: "Europe/Berlin",
    accessRole: "reader",
  },
];

const attendee = (address: string, responseStatus: Attendee["responseStatus"] = "needsAction"): Attendee => ({
  email: address,
  responseStatus,
  ...(address === ME ? { self: true } : {}),
});

const event = (
  id: string,
  summary: string,
  start: string,
  end: string,
  extra: Partial<CalendarEvent> = {},
): CalendarEvent => ({
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
    attendees: [
      attendee(ME, "needsAction"),
      attendee("priya@acme.example", "accepted"),
      attendee("devon@acme.example", "tentative"),
    ],
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
    events.find(
      (e) => e.id === input.eventId && e.calendarId === (input.calendarId ?? "primary") && e.status !== "cancelled",
    ),
  (input) => input.eventId,
);

const overlaps = (e: CalendarEvent, from?: string, to?: string) =>
  (from === undefined || e.end.dateTime > from) && (to === undefined || e.start.dateTime < to);

/** Prose shared by the JSON Schema tools and the zod ones, so the two kinds describe a field the same way. */
const HELP = {
  calendarId:
    "Calendar id: primary for the user's main calendar, or an id from list_calendars such as " +
    "eng-team@group.calendar.example. A person's email works as the id of their primary calendar when it is shared " +
    "with the user.",
  dateTime:
    "RFC 3339 date-time with an offset or Z, such as 2025-06-03T14:00:00+02:00. For all-day events use date " +
    "instead of dateTime.",
  timeZone:
    "IANA time zone name, such as Europe/Berlin or America/Chicago. It decides how recurrences repeat across " +
    "daylight-saving changes; defaults to the calendar's time zone.",
  attendees:
    "People to invite, at most 100 here (Google allows more). Invitations go out according to sendUpdates; " +
    "rooms and resources are invited by their resource email.",
  attendeeOptional: "Mark the attendance as optional; optional guests are not counted in find_free_time suggestions.",
  recurrence:
    "RFC 5545 lines that make the event repeat: RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6, optionally with EXDATE and " +
    "RDATE lines. Leave out for a single event. Without COUNT or UNTIL the series repeats forever.",
  reminders:
    "Notifications before the event. useDefault applies the calendar's default reminders; otherwise overrides " +
    "lists up to 5 custom ones.",
  reminderMinutes: "Minutes before the start, 0 to 40,320 (four weeks).",
  visibility:
    "Who may see the details: default follows the calendar's sharing, private shows others only 'busy', " +
    "public shows the details to anyone who can see the calendar's free/busy.",
  transparency:
    "opaque blocks the time (shows as busy), transparent leaves it free, as for a reminder-like event that " +
    "should not stop others from booking the slot.",
  colorId: "Event color, '1' to '11' from the Google Calendar event palette; the calendar's color when omitted.",
  guestsCanModify: "Let guests change the event for everyone, such as its time or agenda; off, only the organizer can.",
  guestsCanInviteOthers: "Let guests invite further people; turn it off for confidential meetings.",
  guestsCanSeeOtherGuests: "Show the guest list to guests; turn it off for events with many or external guests.",
  addVideoMeeting:
    "Create a Google Meet link for the event and add it to the invitation; the link comes back in hangoutLink. " +
    "On update, an event that already has a link keeps it.",
  sendUpdates:
    "Who gets an email about the change: all guests, externalOnly (guests outside the organization) or none. " +
    "With none, guests still see the change in their calendars.",
} as const;

const calendarIdField = { calendarId: text(HELP.calendarId, { default: "primary", examples: ["primary"] }) };
const eventRef = {
  ...calendarIdField,
  eventId: text(
    "Event id, from list_events or create_event. For one occurrence of a recurring event use the instance id " +
      "(base id, underscore, start time); the base id addresses the whole series.",
    { examples: ["evt_postmortem"] },
  ),
};
const sendUpdatesField = { sendUpdates: choice(["all", "externalOnly", "none"], HELP.sendUpdates, "all") };
const maxAttendeesField = integer(
  "Return at most this many attendees per event; the rest are dropped from the answer and attendeesOmitted is set. " +
    "Useful for all-hands events with hundreds of guests.",
  { minimum: 1 },
);
const eventTime = (description: string) =>
  obj(
    { dateTime: dateTime(HELP.dateTime), timeZone: text(HELP.timeZone, { default: "UTC" }) },
    ["dateTime"],
    description,
  );

const zodEventTime = z.object({
  dateTime: z.iso.datetime({ offset: true }).describe(HELP.dateTime),
  timeZone: z.string().default("UTC").describe(HELP.timeZone),
});

const tool = serverTools("calendar");

/** Tools of a Google Calendar MCP server, run against an in-memory set of calendars and events. */
export const calendarTools: ToolDefinition[] = [
  tool({
    name: "list_calendars",
    description:
      "List the calendars on the user's calendar list, with id, name, time zone and access role. " +
      "Shared team calendars, colleagues' calendars the user subscribed to and holiday calendars appear next to " +
      "the primary one. " +
      "The ids are what every other calendar tool takes as calendarId. " +
      "accessRole says what the user may do on each: owner and writer may create and change events, reader sees " +
      "details without changing them, and freeBusyReader sees only busy times. " +
      "Use minAccessRole writer to find the calendars a new event can go into.",
    inputSchema: obj({
      minAccessRole: choice(
        ["freeBusyReader", "reader", "writer", "owner"],
        "Only calendars on which the user has at least this role; writer lists the calendars events can be created in.",
      ),
      showHidden: flag("Include calendars the user hid from the list in the calendar UI.", false),
      showDeleted: flag("Include calendars removed from the list recently.", false),
      maxResults: integer("Most calendars per page, up to 250; few users have more than a few dozen calendars.", {
        minimum: 1,
        maximum: 250,
        default: 100,
      }),
      pageToken: text("Token from nextPageToken of the previous page; omit it for the first page."),
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
      "List a calendar's events in a time range, such as tomorrow's meetings or next week. " +
      "Filter by free text with q, and by type with eventTypes to skip out-of-office and focus-time blocks. " +
      "With singleEvents, recurring events are expanded into their occurrences and can be ordered by start time; " +
      "without it a series appears once, with its recurrence rule and first date only. " +
      "Results are paginated with nextPageToken, and times come back in the event's own time zone unless timeZone is given. " +
      "For questions such as 'am I free at 3?', find_free_time is more direct.",
    inputSchema: obj({
      ...calendarIdField,
      timeMin: dateTime(
        "Lower bound (exclusive) for an event's end: only events ending after this time. RFC 3339 with an offset, " +
          "such as 2025-06-03T00:00:00+02:00; a time without offset is rejected.",
      ),
      timeMax: dateTime(
        "Upper bound (exclusive) for an event's start: only events starting before this time. With timeMin this " +
          "selects every event overlapping the window, including ones already running at timeMin.",
      ),
      q: text(
        "Free-text search over summary, description, location, attendees' names and emails, and the organizer. " +
          "Words are matched as prefixes, all of them required.",
        { examples: ["postmortem"] },
      ),
      maxResults: integer("Most events per page; the default is 250 and the maximum 2,500.", {
        minimum: 1,
        maximum: 2500,
        default: 250,
      }),
      singleEvents: flag(
        "Expand recurring events into their single occurrences, each with its own instance id.",
        false,
      ),
      orderBy: choice(
        ["startTime", "updated"],
        "Sort order: startTime (needs singleEvents true) or updated (last modification, ascending). Unordered when omitted.",
      ),
      timeZone: text("Time zone for the times in the answer, such as Europe/Berlin; the calendar's own when omitted."),
      eventTypes: list(
        choice(["default", "focusTime", "outOfOffice", "workingLocation", "birthday", "fromGmail"], "Event type."),
        "Only events of these types; ordinary meetings are default. Leave out to get every type.",
        { uniqueItems: true },
      ),
      updatedMin: dateTime("Only events modified after this time, including deleted ones when showDeleted is set."),
      showDeleted: flag("Include cancelled events (status cancelled), such as deleted occurrences of a series.", false),
      maxAttendees: maxAttendeesField,
      pageToken: text(
        "Token from nextPageToken of the previous page; keep the other parameters unchanged while paging.",
      ),
    }),
    tags: ["agenda", "schedule", "meetings"],
    execute: (input) => {
      const hits = events.filter(
        (e) =>
          e.calendarId === (input.calendarId ?? "primary") &&
          (e.status === "confirmed" || input.showDeleted) &&
          overlaps(e, input.timeMin, input.timeMax) &&
          (input.q === undefined ||
            matchesQuery(input.q, e.summary, e.description, e.location, ...e.attendees.map((a) => a.email))),
      );
      if (input.orderBy === "startTime") hits.sort((a, b) => a.start.dateTime.localeCompare(b.start.dateTime));
      return { items: hits.slice(0, input.maxResults ?? 250), nextPageToken: null };
    },
  }),
  tool({
    name: "get_event",
    description:
      "Get one event with its times, location, attendees, their replies and the meeting link. " +
      "Also returns a series' recurrence rule, the organizer, the reminders and the htmlLink that opens the event " +
      "in the browser. " +
      "A deleted event answers not-found, and an event on a calendar the user can see only as free/busy returns no details. " +
      "Use list_events to find the id. " +
      "For one occurrence of a recurring event pass its instance id; the base id returns the series as a whole.",
    inputSchema: obj(
      {
        ...eventRef,
        timeZone: text("Time zone for the times in the answer, such as America/Chicago; the event's own when omitted."),
        maxAttendees: maxAttendeesField,
      },
      ["eventId"],
    ),
    execute: inEvent((_input, found) => found),
  }),
  tool({
    name: "create_event",
    description:
      "Create an event on a calendar and invite attendees. " +
      "Supports recurrence rules, custom reminders, a generated video meeting link and Drive attachments, and " +
      "returns the created event with its id and htmlLink. " +
      "Invitations are emailed according to sendUpdates, so settle the details first: every later change emails " +
      "the guests again. " +
      "The user needs writer access to the calendar; check times against find_free_time before inviting busy people. " +
      "Prefer quick_add_event only for simple personal entries typed as a sentence.",
    inputSchema: z.object({
      calendarId: z.string().default("primary").describe(HELP.calendarId),
      summary: z
        .string()
        .min(1)
        .describe("Event title, shown in every calendar view and in the invitation subject.")
        .meta({ examples: ["Design review: dark mode"] }),
      description: z
        .string()
        .max(8192)
        .optional()
        .describe("Agenda or notes. Basic HTML (b, i, ul, li, a, br) is rendered; plain text is fine too."),
      location: z
        .string()
        .optional()
        .describe("Free-form location: a room name, an address (linked to maps) or a dial-in number."),
      start: zodEventTime.describe("When the event starts; a recurring event repeats from this first occurrence."),
      end: zodEventTime.describe("When the event ends; must be after start. Use the same time zone as start."),
      attendees: z
        .array(
          z.object({
            email: z.email().describe("Attendee email address; a room's resource email books the room."),
            displayName: z.string().optional().describe("Name to show when the address has no Google profile."),
            optional: z.boolean().default(false).describe(HELP.attendeeOptional),
            additionalGuests: z
              .number()
              .int()
              .min(0)
              .max(10)
              .default(0)
              .describe("Extra people the attendee brings along."),
          }),
        )
        .max(100)
        .optional()
        .describe(HELP.attendees),
      recurrence: z
        .array(z.string().regex(/^(RRULE|EXRULE|RDATE|EXDATE)[:;]/))
        .optional()
        .describe(HELP.recurrence),
      reminders: z
        .object({
          useDefault: z.boolean().describe("Use the calendar's default reminders; overrides must be empty then."),
          overrides: z
            .array(
              z.object({
                method: z.enum(["email", "popup"]).describe("email sends a message; popup shows a notification."),
                minutes: z.number().int().min(0).max(40320).describe(HELP.reminderMinutes),
              }),
            )
            .max(5)
            .optional()
            .describe("Custom reminders, when useDefault is false."),
        })
        .optional()
        .describe(HELP.reminders),
      addVideoMeeting: z.boolean().default(false).describe(HELP.addVideoMeeting),
      attachments: z
        .array(
          z.object({
            fileUrl: z.url().describe("Google Drive URL of the file, as in its alternateLink."),
            title: z.string().optional().describe("Title shown for the attachment."),
            mimeType: z.string().optional().describe("MIME type of the file, such as application/pdf."),
          }),
        )
        .max(25)
        .optional()
        .describe("Drive files attached to the event, at most 25; guests need access to the files themselves."),
      colorId: z
        .string()
        .regex(/^([1-9]|1[01])$/)
        .optional()
        .describe(HELP.colorId),
      source: z
        .object({
          title: z.string().describe("Title of the page, such as the ticket or document the event is about."),
          url: z.url().describe("Address of the page; http or https only."),
        })
        .optional()
        .describe("A link back to where the event came from, shown to guests in the event details."),
      extendedProperties: z
        .object({
          private: z
            .record(z.string(), z.string())
            .optional()
            .describe("Values visible only on this calendar's copy of the event."),
          shared: z.record(z.string(), z.string()).optional().describe("Values visible on every guest's copy."),
        })
        .optional()
        .describe(
          "Key-value pairs for programs rather than people, such as a ticket id, later searchable with list_events; " +
            "guests do not see them in the calendar UI.",
        ),
      transparency: z.enum(["opaque", "transparent"]).default("opaque").describe(HELP.transparency),
      visibility: z.enum(["default", "public", "private"]).default("default").describe(HELP.visibility),
      guestsCanModify: z.boolean().default(false).describe(HELP.guestsCanModify),
      guestsCanInviteOthers: z.boolean().default(true).describe(HELP.guestsCanInviteOthers),
      guestsCanSeeOtherGuests: z.boolean().default(true).describe(HELP.guestsCanSeeOtherGuests),
      sendUpdates: z.enum(["all", "externalOnly", "none"]).default("all").describe(HELP.sendUpdates),
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
        attendees: [
          attendee(ME, "accepted"),
          ...(input.attendees ?? []).map(({ additionalGuests: _guests, ...a }) => ({
            ...a,
            responseStatus: "needsAction" as const,
          })),
        ],
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
      "Change an existing event's title, time, place, description, guests or recurrence. " +
      "Fields left out keep their values, but a given attendee list replaces the current one, so include everyone " +
      "who should stay invited. " +
      "Guests are emailed according to sendUpdates, and moving the time resets their replies to needsAction, so " +
      "they have to answer again. " +
      "Only the organizer, or guests when guestsCanModify is set, may update an event. " +
      "Changing a recurring event's base id changes every occurrence; pass an instance id to move a single one.",
    inputSchema: obj(
      {
        ...eventRef,
        summary: text("New title, shown in every calendar view and in the update email guests get.", { minLength: 1 }),
        description: text("New description; basic HTML is rendered. It replaces the whole description.", {
          maxLength: 8192,
        }),
        location: text("New location: a room, an address or a dial-in number."),
        start: eventTime("New start; give end as well so the length stays what you mean."),
        end: eventTime(
          "New end; must be after start. Moving only start keeps the old end, which can leave the event ending before it begins.",
        ),
        attendees: list(
          obj(
            {
              email: email("Attendee email address; keep existing guests' addresses exactly as listed on the event."),
              displayName: text("Name to show when the address has no Google profile."),
              optional: flag(HELP.attendeeOptional, false),
            },
            ["email"],
          ),
          `Replacement attendee list. ${HELP.attendees}`,
          { maxItems: 100 },
        ),
        recurrence: strings(HELP.recurrence),
        reminders: obj(
          {
            useDefault: flag("Use the calendar's default reminders."),
            overrides: list(
              obj(
                {
                  method: choice(["email", "popup"], "email sends a message; popup shows a notification."),
                  minutes: integer(HELP.reminderMinutes, { minimum: 0, maximum: 40320 }),
                },
                ["method", "minutes"],
              ),
              "Custom reminders, when useDefault is false.",
              { maxItems: 5 },
            ),
          },
          ["useDefault"],
          HELP.reminders,
        ),
        colorId: text(HELP.colorId, { pattern: "^([1-9]|1[01])$" }),
        transparency: choice(["opaque", "transparent"], HELP.transparency),
        visibility: choice(["default", "public", "private"], HELP.visibility),
        addVideoMeeting: flag(HELP.addVideoMeeting),
        guestsCanModify: flag(HELP.guestsCanModify),
        guestsCanInviteOthers: flag(HELP.guestsCanInviteOthers),
        guestsCanSeeOtherGuests: flag(HELP.guestsCanSeeOtherGuests),
        ...sendUpdatesField,
      },
      ["eventId"],
    ),
    tags: ["reschedule", "move meeting"],
    execute: inEvent((input, found) => {
      const { calendarId, eventId, sendUpdates, attendees, addVideoMeeting, ...changes } = input;
      Object.assign(found, changes, { updated: FAKE_NOW });
      if (addVideoMeeting && found.hangoutLink === undefined) found.hangoutLink = `https://meet.example/${found.id}`;
      if (attendees)
        found.attendees = attendees.map((a) => found.attendees.find((x) => x.email === a.email) ?? attendee(a.email));
      return found;
    }),
  }),
  tool({
    name: "delete_event",
    description:
      "Delete an event from a calendar and optionally tell its guests it is cancelled. " +
      "Deleting a recurring event's base id removes every occurrence; pass an instance id to cancel a single one. " +
      " " +
      "Only the organizer can cancel an event for everyone: when a guest deletes it, it only disappears from " +
      "their own calendar and the organizer sees a decline. " +
      "Cancelled events stay visible to list_events with showDeleted for a while, but they cannot be restored. " +
      "Confirm which occurrence the user means before deleting a recurring meeting.",
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
      "The organizer sees the reply and the optional comment, and is emailed according to sendUpdates. " +
      "Works only on events the user is invited to, not ones they organize, and fails when the user is not on the guest list. " +
      "Replying to a recurring series answers every occurrence; pass an instance id to answer one occurrence only. " +
      "Declined events stay on the calendar, greyed out, and no longer count as busy.",
    inputSchema: obj(
      {
        ...eventRef,
        responseStatus: choice(
          ["accepted", "declined", "tentative"],
          "The user's answer: accepted, declined or tentative (maybe). Declined events stay on the calendar, greyed out.",
        ),
        comment: text("Note to the organizer shown next to the reply, such as 'Running 5 minutes late'.", {
          maxLength: 500,
        }),
        additionalGuests: integer("How many extra people the user brings along.", { minimum: 0, maximum: 10 }),
        ...sendUpdatesField,
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
      "Find time slots when all the given calendars are free for a meeting of a given length. " +
      "Returns the busy blocks per calendar and the free slots long enough for the meeting, within workingHours when given. " +
      "Only free/busy is read, so it works for colleagues whose calendars share free/busy but not details. " +
      "Declined events and events marked transparent do not count as busy. " +
      "Keep the window to a few weeks at most; then create_event with one of the slots.",
    inputSchema: obj(
      {
        timeMin: dateTime("Start of the window to search, RFC 3339 with offset.", ["2025-06-03T07:00:00Z"]),
        timeMax: dateTime("End of the window to search; must be after timeMin.", ["2025-06-03T16:00:00Z"]),
        calendars: strings(
          "Calendar ids or attendee emails to check, such as primary and priya@acme.example. A group address is " +
            "expanded into its members, up to groupExpansionMax.",
          { minItems: 1, maxItems: 50, examples: [["primary"]] },
        ),
        durationMinutes: integer("Length of the meeting to fit, in minutes; shorter gaps are not suggested.", {
          minimum: 5,
          maximum: 480,
          default: 30,
        }),
        timeZone: text("Time zone for the times in the answer, such as Europe/Berlin.", { default: "UTC" }),
        workingHours: obj(
          {
            start: text("Earliest start of a slot, as HH:MM in timeZone.", {
              pattern: "^\\d{2}:\\d{2}$",
              examples: ["09:00"],
            }),
            end: text("Latest end of a slot, as HH:MM in timeZone.", {
              pattern: "^\\d{2}:\\d{2}$",
              examples: ["17:00"],
            }),
          },
          ["start", "end"],
          "Only suggest slots inside these hours on each day; the whole window counts when omitted.",
        ),
        groupExpansionMax: integer("Most members to expand per group address, up to 100.", {
          minimum: 1,
          maximum: 100,
        }),
        calendarExpansionMax: integer("Most calendars to check in total, up to 50.", { minimum: 1, maximum: 50 }),
      },
      ["timeMin", "timeMax", "calendars"],
    ),
    tags: ["availability", "when is everyone free", "free/busy"],
    execute: (input) => {
      const busyFor = (id: string) =>
        events
          .filter((e) => e.status === "confirmed" && overlaps(e, input.timeMin, input.timeMax))
          .filter(
            (e) => e.calendarId === id || e.attendees.some((a) => a.email === id && a.responseStatus !== "declined"),
          )
          .map((e) => ({ start: e.start.dateTime, end: e.end.dateTime }));
      const busy = Object.fromEntries(input.calendars.map((id) => [id, busyFor(id)]));
      const blocks = Object.values(busy)
        .flat()
        .sort((a, b) => a.start.localeCompare(b.start));
      const need = (input.durationMinutes ?? 30) * 60_000;
      const free: { start: string; end: string }[] = [];
      let cursor = Date.parse(input.timeMin);
      for (const block of [...blocks, { start: input.timeMax, end: input.timeMax }]) {
        const start = Date.parse(block.start);
        if (start - cursor >= need)
          free.push({ start: new Date(cursor).toISOString(), end: new Date(start).toISOString() });
        cursor = Math.max(cursor, Date.parse(block.end));
      }
      return { busy, free };
    },
  }),
  tool({
    name: "quick_add_event",
    description:
      "Create an event from a short sentence such as 'Lunch with Ana tomorrow at noon'. " +
      "The calendar service parses the date, time, title and location out of the text, in the calendar's time " +
      "zone and language. " +
      "People named in the sentence are not invited, and ambiguous dates such as 03/06 may be read either way, so " +
      "check the returned times. " +
      "Returns the created event. " +
      "Use create_event when attendees, reminders, a meeting link or recurrence matter.",
    inputSchema: obj(
      {
        text: text(
          "Sentence describing the event, with a date and time, such as 'Coffee with Priya tomorrow 9am at Café " +
            "Einstein'. Words after 'at' usually become the location.",
          { minLength: 1, examples: ["Coffee with Priya tomorrow 9am"] },
        ),
        ...calendarIdField,
        ...sendUpdatesField,
      },
      ["text"],
    ),
    execute: (input) => {
      // The fake does not parse language: it books an hour the next morning, like a low-effort quick add.
      const start = new Date(Date.parse(FAKE_NOW) + 24 * 3_600_000);
      const created = event(
        `evt_${nextEvent()}`,
        input.text,
        start.toISOString(),
        new Date(start.getTime() + 3_600_000).toISOString(),
      );
      created.calendarId = input.calendarId ?? "primary";
      events.push(created);
      return created;
    },
  }),
];
