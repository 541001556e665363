import { defineServer, tool } from "./define-server.js";
import { bool, int, obj, oneOf, str } from "./schema.js";

const meetingId = str("Meeting ID (numeric) or UUID.");
const userId = str("User ID or email; `me` for the token owner.", { default: "me" });

const tools = [
  tool(
    "create_meeting",
    "Schedule a Zoom meeting for a user and return its join URL, meeting ID and passcode. Times without a time zone are read in the user's Zoom time zone.",
    {
      "user_id?": userId,
      topic: str("Meeting topic."),
      start_time: str("Start time in `yyyy-MM-ddTHH:mm:ss`, interpreted in `timezone`."),
      duration: int("Length in minutes."),
      "timezone?": str("IANA time zone."),
      "agenda?": str("Agenda text."),
      "settings?": obj(
        {
          "waiting_room?": bool("Enable the waiting room."),
          "join_before_host?": bool("Allow joining before the host."),
          "auto_recording?": oneOf(["local", "cloud", "none"], "Record automatically."),
          "mute_upon_entry?": bool("Mute participants on entry."),
        },
        "Meeting settings.",
      ),
    },
  ),
  tool(
    "list_meetings",
    "List a Zoom user's scheduled, live or upcoming meetings. Recurring meetings appear once with their occurrences listed.",
    {
      "user_id?": userId,
      "type?": oneOf(["scheduled", "live", "upcoming", "previous_meetings"], "Which meetings.", {
        default: "upcoming",
      }),
      "page_size?": int("Max 300.", { maximum: 300 }),
    },
  ),
  tool(
    "get_meeting",
    "Get a Zoom meeting's details: topic, time, join URL, passcode and settings. Use list_meetings to find the ID.",
    { meeting_id: meetingId },
  ),
  tool(
    "update_meeting",
    "Update a scheduled Zoom meeting's topic, start time, duration, agenda or settings. Registrants are emailed about time changes.",
    {
      meeting_id: meetingId,
      "topic?": str("New topic."),
      "start_time?": str("New start time."),
      "duration?": int("New length in minutes."),
      "agenda?": str("New agenda."),
    },
  ),
  tool(
    "delete_meeting",
    "Delete a Zoom meeting, optionally emailing registrants about the cancellation. Cannot be undone.",
    {
      meeting_id: meetingId,
      "schedule_for_reminder?": bool("Email the host and alternative hosts."),
      "cancel_meeting_reminder?": bool("Email registrants."),
    },
  ),
  tool(
    "list_recordings",
    "List Zoom cloud recordings for a user in a date range, with download and play URLs and transcript files. Recordings are kept according to the account's retention policy.",
    {
      "user_id?": userId,
      from: str("Start date, YYYY-MM-DD."),
      "to?": str("End date, YYYY-MM-DD."),
    },
  ),
  tool(
    "get_past_meeting_participants",
    "List who attended a past Zoom meeting, with join and leave times and duration. Only available for meetings that have ended.",
    { meeting_id: meetingId },
  ),
  tool(
    "add_registrant",
    "Register a person for a Zoom meeting or webinar that requires registration; returns their personal join link. Registration must be enabled on the meeting.",
    {
      meeting_id: meetingId,
      email: str("Registrant email."),
      first_name: str("First name."),
      "last_name?": str("Last name."),
    },
  ),
  tool(
    "create_webinar",
    "Create a Zoom webinar with panelists, registration and Q&A settings. Requires a Zoom Webinars license.",
    {
      "user_id?": userId,
      topic: str("Webinar topic."),
      start_time: str("Start time."),
      duration: int("Minutes."),
      "approval_type?": oneOf(["automatic", "manual", "none"], "Registration approval."),
      "question_and_answer?": bool("Enable Q&A."),
    },
  ),
];

export const zoom = defineServer("zoom", tools, {
  direct: {
    create_meeting: ["create a zoom meeting tomorrow at 3pm for 45 minutes with a waiting room"],
    list_meetings: ["list my upcoming zoom meetings"],
    update_meeting: ["scedule the zoom meeting for monday 10am instead"],
    list_recordings: ["list zoom cloud recordings from last week"],
    get_past_meeting_participants: ["who were the participants of yesterday's zoom meeting 85512345678"],
    create_webinar: ["create a zoom webinar for the product launch with Q&A enabled"],
  },
  paraphrase: {
    create_meeting: ["set up a video call with the design folks tomorrow 3pm, 45 min"],
    get_meeting: ["what's the link and password for the 855 1234 5678 call"],
    update_meeting: ["move the design video call to 4 and make it an hour"],
    delete_meeting: ["call off thursday's video chat with the agency"],
    list_recordings: ["where can i rewatch last tuesday's all-hands video call"],
    add_registrant: ["sign up priya@acme.com for the launch livestream"],
  },
});
