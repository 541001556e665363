import { defineServer, tool } from "./define-server.js";
import { bool, dateTime, int, list, obj, oneOf, str } from "./schema.js";

const calendarId = str("Calendar ID; `primary` for the user's main calendar.", { default: "primary" });
const eventId = str("Event ID.");
const attendees = list(
  obj({ email: str("Attendee email."), "optional?": bool("Optional attendee.") }),
  "Guests to invite.",
);

const tools = [
  tool(
    "list_events",
    "List events on a Google Calendar between two times, expanding recurring events into instances. Events are sorted by start time; cancelled ones are hidden.",
    {
      "calendar_id?": calendarId,
      time_min: dateTime("Start of the window (RFC 3339)."),
      time_max: dateTime("End of the window."),
      "query?": str("Free-text filter on summary, description, location and attendees."),
      "max_results?": int("Max events.", { maximum: 2500 }),
    },
  ),
  tool(
    "get_event",
    "Get a single Google Calendar event with attendees and their responses, conferencing link and reminders. Use list_events first if you only know the title.",
    { "calendar_id?": calendarId, event_id: eventId },
  ),
  tool(
    "create_event",
    "Create a Google Calendar event with title, start and end, location, guests, recurrence and an optional Google Meet link. Returns the event ID and HTML link.",
    {
      "calendar_id?": calendarId,
      summary: str("Event title."),
      start: dateTime("Start time, or a date for all-day events."),
      end: dateTime("End time."),
      "time_zone?": str("IANA zone, e.g. `Europe/Berlin`."),
      "location?": str("Where it happens."),
      "description?": str("Event notes."),
      "attendees?": attendees,
      "recurrence?": list(str("RRULE line, e.g. `RRULE:FREQ=WEEKLY;BYDAY=MO`."), "Recurrence rules."),
      "add_meet_link?": bool("Attach a Google Meet conference."),
      "send_updates?": oneOf(["all", "externalOnly", "none"], "Who gets invitation emails."),
    },
  ),
  tool(
    "update_event",
    "Change an existing Google Calendar event's time, title, location, guests or description. Only the fields given are changed.",
    {
      "calendar_id?": calendarId,
      event_id: eventId,
      "summary?": str("New title."),
      "start?": dateTime("New start."),
      "end?": dateTime("New end."),
      "location?": str("New location."),
      "attendees?": attendees,
      "send_updates?": oneOf(["all", "externalOnly", "none"], "Notify guests."),
    },
  ),
  tool(
    "delete_event",
    "Delete a Google Calendar event and optionally notify its guests of the cancellation. For recurring events this deletes only the given instance unless the series ID is passed.",
    {
      "calendar_id?": calendarId,
      event_id: eventId,
      "send_updates?": oneOf(["all", "externalOnly", "none"], "Notify guests."),
    },
  ),
  tool(
    "find_free_busy",
    "Query free/busy information for people or calendars over a time range to find slots when everyone is available. Only busy intervals are returned; free time is the gaps between them.",
    {
      time_min: dateTime("Window start."),
      time_max: dateTime("Window end."),
      items: list(str("Calendar ID or email."), "Whose availability to check."),
      "time_zone?": str("IANA zone for the response."),
    },
  ),
  tool(
    "list_calendars",
    "List the calendars in the user's Google Calendar list with access role and color. Includes calendars other people gave the user access to as well as the user's own.",
    {},
  ),
  tool(
    "respond_to_event",
    "Set the user's RSVP on a Google Calendar invitation. Only works for events the user was invited to.",
    {
      event_id: eventId,
      response: oneOf(["accepted", "declined", "tentative"], "RSVP status."),
      "comment?": str("Note to the organizer."),
    },
  ),
  tool(
    "quick_add",
    "Create a Google Calendar event from a natural-language sentence such as 'Lunch with Ana tomorrow 12:30 at Café Luz'. Google parses the date, time and place; check the result if the wording was unusual.",
    {
      text: str("Text describing the event."),
      "calendar_id?": calendarId,
    },
  ),
];

export const googleCalendar = defineServer("google-calendar", tools, {
  direct: {
    list_events: ["list my google calendar events for next week"],
    create_event: ["create a calendar event 'Design review' thursday 2-3pm with ana and li"],
    delete_event: ["delete the calendar event for friday's team lunch"],
    find_free_busy: ["check free/busy for ana, li and me on wednesday afternoon"],
    respond_to_event: ["decline the calendar invitation for the 7am sync", "rsvp yes to the all-hands"],
    quick_add: ["quick add lunch with Ana tomorrow 12:30 at Café Luz"],
    get_event: ["get the calendar event details for the board meeting including attendee responses"],
  },
  paraphrase: {
    list_events: ["what's on my agenda tomorrow?", "am i booked on friday morning"],
    create_event: ["put a 1:1 with li on my schedule every monday at 10"],
    update_event: ["push my dentist appointment to 4pm"],
    delete_event: ["scrap friday's team lunch from my schedule and tell everyone"],
    find_free_busy: ["when are ana, li and I all open on wednesday"],
    respond_to_event: ["tell the all-hands organiser I'll be there"],
    list_calendars: ["which shared agendas am I subscribed to"],
  },
});
