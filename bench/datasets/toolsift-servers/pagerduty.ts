import { defineServer, tool } from "./define-server.js";
import { dateTime, int, list, oneOf, str } from "./schema.js";

const incidentId = str("Incident ID, e.g. `PT4KHLK`.");
const fromEmail = str("Email of the PagerDuty user taking the action (sent as the From header).");

const tools = [
  tool(
    "list_incidents",
    "List PagerDuty incidents filtered by status, urgency, service, team and date range. Each incident has its number, title, status, urgency, service and assignees.",
    {
      "statuses?": list(oneOf(["triggered", "acknowledged", "resolved"], "Status."), "Statuses to include."),
      "urgencies?": list(oneOf(["high", "low"], "Urgency."), "Urgencies to include."),
      "service_ids?": list(str("Service ID."), "Only these services."),
      "since?": dateTime("Start of range."),
      "until?": dateTime("End of range."),
      "limit?": int("Page size.", { maximum: 100 }),
    },
  ),
  tool(
    "trigger_incident",
    "Trigger a new PagerDuty incident on a service, paging whoever is on call for its escalation policy. Use it for human-declared incidents; monitoring tools should use the Events API instead.",
    {
      service_id: str("Service ID."),
      title: str("Incident title."),
      "urgency?": oneOf(["high", "low"], "Urgency.", { default: "high" }),
      "details?": str("Body text."),
      from: fromEmail,
    },
  ),
  tool(
    "acknowledge_incident",
    "Acknowledge a PagerDuty incident so escalation stops while you investigate. If nobody resolves it, it re-triggers after the service's acknowledgement timeout.",
    { incident_id: incidentId, from: fromEmail },
  ),
  tool(
    "resolve_incident",
    "Resolve a PagerDuty incident, optionally with a resolution note. Resolved incidents cannot be reopened.",
    { incident_id: incidentId, from: fromEmail, "resolution?": str("Resolution note.") },
  ),
  tool(
    "reassign_incident",
    "Reassign a PagerDuty incident to other users or to an escalation policy. The new assignees are notified.",
    {
      incident_id: incidentId,
      from: fromEmail,
      "user_ids?": list(str("User ID."), "Assignees."),
      "escalation_policy_id?": str("Escalation policy."),
    },
  ),
  tool("add_incident_note", "Add a timeline note to a PagerDuty incident. Notes cannot be edited afterwards.", {
    incident_id: incidentId,
    from: fromEmail,
    content: str("Note text."),
  }),
  tool(
    "get_oncalls",
    "Get who is on call right now (or at a time) for escalation policies or schedules. Returns each on-call user with escalation level and shift start and end.",
    {
      "schedule_ids?": list(str("Schedule ID."), "Schedules."),
      "escalation_policy_ids?": list(str("Escalation policy ID."), "Policies."),
      "at?": dateTime("Point in time; now when omitted."),
    },
  ),
  tool(
    "create_maintenance_window",
    "Create a PagerDuty maintenance window that suppresses incidents on services for a period. Alerts received during the window do not create incidents.",
    {
      service_ids: list(str("Service ID."), "Services in maintenance."),
      start_time: dateTime("Start."),
      end_time: dateTime("End."),
      "description?": str("Reason."),
      from: fromEmail,
    },
  ),
  tool(
    "list_services",
    "List PagerDuty services with their status, escalation policy and integrations. Services marked disabled are included.",
    { "query?": str("Filter by name."), "team_ids?": list(str("Team ID."), "Teams.") },
  ),
];

export const pagerduty = defineServer("pagerduty", tools, {
  direct: {
    list_incidents: ["list triggered high urgency pagerduty incidents"],
    trigger_incident: ["trigger a pagerduty incident on the checkout service: payments failing"],
    acknowledge_incident: ["acknowledge pagerduty incident PT4KHLK"],
    resolve_incident: ["resolve incident PT4KHLK with note 'rolled back deploy'"],
    get_oncalls: ["who is on call for the platform escalation policy"],
    create_maintenance_window: ["create a maintenance window for the search service from 1am to 3am saturday"],
  },
  paraphrase: {
    list_incidents: ["anything firing at the moment in pd?"],
    trigger_incident: ["wake up the checkout owners, card payments are failing"],
    acknowledge_incident: ["ack PT4KHLK, i'm looking at it"],
    resolve_incident: ["PT4KHLK is fixed, close it out"],
    reassign_incident: ["hand PT4KHLK over to the database team"],
    add_incident_note: ["jot on PT4KHLK's log that we rolled back the deploy at 14:02"],
    get_oncalls: ["who's holding the pager for platform tonight", "whos on cal for payments rn"],
    create_maintenance_window: ["silence pd for search during saturday's 1-3am db upgrade"],
    list_services: ["what systems are set up in pd"],
  },
});
