import type { DatasetQuery } from "../dataset-format.js";

const multi = (query: string, ...expected: string[]): DatasetQuery => ({ query, expected, kind: "multi" });

/** Queries that need two tools, usually from different servers. */
export const multiQueries: DatasetQuery[] = [
  multi(
    "open a jira bug for sentry issue WEB-3F2 with its stack trace",
    "sentry__get_latest_event",
    "jira__create_issue",
  ),
  multi(
    "post the list of open pagerduty incidents to #incidents on slack",
    "pagerduty__list_incidents",
    "slack__post_message",
  ),
  multi(
    "who's on call for platform tonight? DM them on slack that the nightly backup failed",
    "pagerduty__get_oncalls",
    "slack__post_message",
  ),
  multi(
    "create a zoom meeting for the design review and put it on my google calendar",
    "zoom__create_meeting",
    "google-calendar__create_event",
  ),
  multi(
    "email the customer a stripe payment link for the workshop",
    "stripe__create_payment_link",
    "gmail__send_email",
  ),
  multi(
    "find the invoice pdf tom emailed me and upload it to the Invoices folder in drive",
    "gmail__get_attachment",
    "google-drive__upload_file",
  ),
  multi(
    "scale the web deployment to 10 and post a datadog event about it",
    "kubernetes__scale_deployment",
    "datadog__post_event",
  ),
  multi(
    "get the logs of the crashing checkout pod and open a github issue with them",
    "kubernetes__get_pod_logs",
    "github__create_issue",
  ),
  multi("export the users table from postgres and save it as users.csv in s3", "postgres__query", "s3__put_object"),
  multi(
    "check whether the checkout monitor in datadog is alerting and if so text +14155550199",
    "datadog__list_monitors",
    "twilio__send_sms",
  ),
  multi(
    "read the release notes file from the github repo and publish it as a confluence page",
    "github__get_file_contents",
    "confluence__create_page",
  ),
  multi(
    "after merging PR 312, create release v2.4.0 on github",
    "github__merge_pull_request",
    "github__create_release",
  ),
  multi(
    "look up lee@brightco.io in hubspot and send him the renewal quote by email",
    "hubspot__search_contacts",
    "gmail__send_email",
  ),
  multi(
    "refund shopify order #1038 and note it on the customer's hubspot timeline",
    "shopify__refund_order",
    "hubspot__create_note",
  ),
  multi("pull the weekly signups from mysql and post the number in #growth", "mysql__run_query", "slack__post_message"),
  multi(
    "acknowledge PT4KHLK and let the #incidents channel know I'm on it",
    "pagerduty__acknowledge_incident",
    "slack__post_message",
  ),
  multi("build the api docker image and run it on port 8080", "docker__build_image", "docker__run_container"),
  multi(
    "snapshot the db volume and then stop the staging instance",
    "aws-ec2__create_snapshot",
    "aws-ec2__stop_instances",
  ),
  multi(
    "find a free hour for ana and li on thursday and book the design review then",
    "google-calendar__find_free_busy",
    "google-calendar__create_event",
  ),
  multi("where's the nearest pharmacy open now and how do I walk there", "maps__search_places", "maps__get_directions"),
  multi(
    "check if it'll rain in Denver on saturday and, if so, move the picnic event to sunday",
    "weather__get_daily_forecast",
    "google-calendar__update_event",
  ),
  multi(
    "turn the gitlab issue about the flaky test into a linear issue for the ENG team",
    "gitlab__list_issues",
    "linear__create_issue",
  ),
  multi("summarise jira ticket MOB-231 in a comment on github PR 45", "jira__get_issue", "github__add_issue_comment"),
  multi(
    "make a playlist called Road Trip and add Dreams and Landslide to it",
    "spotify__create_playlist",
    "spotify__add_tracks_to_playlist",
  ),
  multi(
    "create the customer in stripe and subscribe them to the pro plan",
    "stripe__create_customer",
    "stripe__create_subscription",
  ),
  multi(
    "write the notion meeting notes into a new confluence page for the wider org",
    "notion__get_block_children",
    "confluence__create_page",
  ),
  multi(
    "rerun the failed github actions run on main and tell #eng in slack",
    "github__rerun_workflow",
    "slack__post_message",
  ),
  multi(
    "find the slowest running postgres query and cancel it",
    "postgres__list_active_queries",
    "postgres__cancel_backend",
  ),
  multi(
    "resolve WEB-3F2 in sentry and close the matching jira ticket MOB-231",
    "sentry__update_issue_status",
    "jira__transition_issue",
  ),
  multi(
    "geocode the venue address and check the weather there on the event day",
    "maps__geocode",
    "weather__get_daily_forecast",
  ),
  multi(
    "list what's in the acme-reports bucket and share the Q1 file with the auditor through a temporary link",
    "s3__list_objects",
    "s3__generate_presigned_url",
  ),
  multi(
    "convert Maria's lead in salesforce and send her a welcome email",
    "salesforce__convert_lead",
    "gmail__send_email",
  ),
];
