import { awsEc2 } from "./aws-ec2.js";
import { confluence } from "./confluence.js";
import { datadog } from "./datadog.js";
import type { ServerSlice } from "./define-server.js";
import { docker } from "./docker.js";
import { filesystem } from "./filesystem.js";
import { github } from "./github.js";
import { gitlab } from "./gitlab.js";
import { gmail } from "./gmail.js";
import { googleCalendar } from "./google-calendar.js";
import { googleDrive } from "./google-drive.js";
import { hubspot } from "./hubspot.js";
import { jira } from "./jira.js";
import { kubernetes } from "./kubernetes.js";
import { linear } from "./linear.js";
import { maps } from "./maps.js";
import { mysql } from "./mysql.js";
import { notion } from "./notion.js";
import { pagerduty } from "./pagerduty.js";
import { postgres } from "./postgres.js";
import { redis } from "./redis.js";
import { s3 } from "./s3.js";
import { salesforce } from "./salesforce.js";
import { sentry } from "./sentry.js";
import { shopify } from "./shopify.js";
import { slack } from "./slack.js";
import { spotify } from "./spotify.js";
import { stripe } from "./stripe.js";
import { twilio } from "./twilio.js";
import { weather } from "./weather.js";
import { zoom } from "./zoom.js";

export { multiQueries } from "./multi.js";
export { unanswerableQueries } from "./unanswerable.js";

/** Every server of the dataset, in the order its tools appear in the JSON. */
export const servers: readonly ServerSlice[] = [
  github,
  gitlab,
  jira,
  linear,
  slack,
  confluence,
  notion,
  postgres,
  mysql,
  redis,
  s3,
  filesystem,
  googleDrive,
  kubernetes,
  docker,
  awsEc2,
  stripe,
  shopify,
  gmail,
  googleCalendar,
  zoom,
  salesforce,
  hubspot,
  pagerduty,
  datadog,
  sentry,
  twilio,
  spotify,
  weather,
  maps,
];
