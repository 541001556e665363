/**
 * Single-tool requests for the example catalogue (`examples/catalogue`), written for the
 * strategy bench: the demo's four answerable searches and its agent's request, plus two or
 * three per server, some in the catalogue's words and some in other words. Each names the one
 * tool a careful agent would call first.
 */
export const EXAMPLE_QUERIES: readonly { query: string; expected: string }[] = [
  // The demo's searches and its agent's request.
  { query: "open a ticket about the checkout crash", expected: "jira__create_issue" },
  { query: "post a message in the incidents channel", expected: "slack__post_message" },
  { query: "what meetings do I have tomorrow", expected: "calendar__list_events" },
  { query: "run a SQL query on the orders table", expected: "postgres__execute_query" },
  { query: "create a jira issue for a bug", expected: "jira__create_issue" },
  // github
  { query: "open a pull request from my feature branch into main", expected: "github__create_pull_request" },
  { query: "show me the README of the toolsift repository", expected: "github__get_file_contents" },
  { query: "which commits landed on main this week", expected: "github__list_commits" },
  // slack
  { query: "react with a thumbs up to that message", expected: "slack__add_reaction" },
  { query: "send the reminder to #standup at 9 tomorrow morning", expected: "slack__schedule_message" },
  { query: "read the replies in that thread", expected: "slack__get_thread_replies" },
  // jira
  { query: "move SHOP-12 to In Progress", expected: "jira__transition_issue" },
  { query: "record two hours spent on SHOP-7", expected: "jira__log_work" },
  // postgres
  { query: "what columns does the customers table have", expected: "postgres__describe_table" },
  { query: "why is this query slow, show the plan", expected: "postgres__explain_query" },
  // filesystem
  { query: "read the config file at /srv/app/config.yaml", expected: "filesystem__read_file" },
  { query: "find every markdown file under docs", expected: "filesystem__search_files" },
  { query: "replace the old port number in server.ts", expected: "filesystem__edit_file" },
  // calendar
  { query: "when are Ana and I both free for an hour next week", expected: "calendar__find_free_time" },
  { query: "accept the invitation to the planning meeting", expected: "calendar__respond_to_event" },
  // gmail
  { query: "email the quarterly report to the finance team", expected: "gmail__send_email" },
  { query: "find unread mail from ana@example.com", expected: "gmail__search_emails" },
  { query: "write a draft reply but don't send it yet", expected: "gmail__create_draft" },
  // stripe
  { query: "give the customer their money back for order 1182", expected: "stripe__create_refund" },
  { query: "how much money is available to pay out", expected: "stripe__retrieve_balance" },
  { query: "sign this customer up for the monthly pro plan", expected: "stripe__create_subscription" },
];
