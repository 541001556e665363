import { defineServer, tool } from "./define-server.js";
import { bool, dateTime, int, list, oneOf, str } from "./schema.js";

const e164 = (description: string) =>
  str(`${description} In E.164 format, e.g. +14155550123.`, { pattern: "^\\+[1-9]\\d{1,14}$" });

const tools = [
  tool(
    "send_sms",
    "Send an SMS or MMS text message from one of your Twilio numbers or a Messaging Service. Returns the message SID; delivery is asynchronous.",
    {
      to: e164("Recipient phone number."),
      body: str("Message text, up to 1600 characters."),
      "from?": e164("Sending Twilio number."),
      "messaging_service_sid?": str("Messaging Service SID (MG…) instead of `from`."),
      "media_urls?": list(str("Public media URL."), "Images for MMS."),
    },
  ),
  tool(
    "make_call",
    "Place an outbound voice call with Twilio that plays TwiML (say text, play audio, gather digits) when answered. Returns the call SID; the call is charged per minute.",
    {
      to: e164("Number to call."),
      from: e164("Caller ID, a Twilio number."),
      twiml: str("TwiML to execute, e.g. `<Response><Say>Hello</Say></Response>`."),
      "record?": bool("Record the call."),
      "timeout?": int("Seconds to ring before giving up.", { default: 60 }),
    },
  ),
  tool(
    "list_messages",
    "List messages sent and received on the Twilio account, filtered by to, from and date sent. Newest first; message bodies are included.",
    {
      "to?": e164("Filter by recipient."),
      "from?": e164("Filter by sender."),
      "date_sent_after?": dateTime("Only messages sent after this time."),
      "page_size?": int("Page size.", { maximum: 1000 }),
    },
  ),
  tool(
    "get_message_status",
    "Get the delivery status of a Twilio message (queued, sent, delivered, undelivered, failed) with its error code. Error code 30003 means the phone was unreachable.",
    {
      message_sid: str("Message SID (SM… or MM…)."),
    },
  ),
  tool(
    "lookup_phone_number",
    "Look up a phone number with Twilio Lookup: validate and format it, and optionally get carrier and line type (mobile, landline, VoIP). The basic lookup is free; line type data is charged per request.",
    {
      phone_number: str("Number in any format."),
      "country_code?": str("ISO country for national-format numbers."),
      "fields?": list(
        oneOf(["line_type_intelligence", "caller_name", "sim_swap"], "Data package."),
        "Extra data to fetch.",
      ),
    },
  ),
  tool(
    "buy_phone_number",
    "Search for and purchase a Twilio phone number by country, area code or digits it should contain. The number is billed monthly from the day of purchase.",
    {
      country: str("ISO country code.", { default: "US" }),
      "area_code?": str("Desired area code."),
      "contains?": str("Pattern the number should contain."),
      "capabilities?": list(oneOf(["sms", "mms", "voice"], "Capability."), "Required capabilities."),
    },
  ),
  tool(
    "send_verification",
    "Start a Twilio Verify check by sending a one-time code to a phone number or email via SMS, voice, WhatsApp or email. Codes expire after 10 minutes.",
    {
      service_sid: str("Verify Service SID (VA…)."),
      to: str("Phone number or email."),
      channel: oneOf(["sms", "call", "whatsapp", "email"], "Delivery channel."),
    },
  ),
  tool(
    "check_verification",
    "Check a one-time code the user entered against a pending Twilio Verify verification. Returns approved or pending; after five wrong attempts the verification is canceled.",
    {
      service_sid: str("Verify Service SID."),
      to: str("Phone number or email the code was sent to."),
      code: str("The code the user typed."),
    },
  ),
];

export const twilio = defineServer("twilio", tools, {
  direct: {
    send_sms: ["send an sms to +14155550123 saying your table is ready", "text +14155550123 that their table is ready"],
    make_call: ["make a call to +14155550199 that says the server is down"],
    lookup_phone_number: ["lookup the phone number 020 7946 0018 and its line type"],
    buy_phone_number: ["buy a twilio phone number with a 415 area code that supports sms"],
    send_verification: ["send a verification code by sms to +447700900123"],
  },
  paraphrase: {
    send_sms: ["let +14155550123 know on their phone that the table's ready"],
    make_call: ["ring the on-duty engineer at +14155550199 and read out an outage alert"],
    list_messages: ["which texts went out to +14155550123 yesterday"],
    get_message_status: ["did SM8a21 actually reach the recipient's handset?"],
    lookup_phone_number: ["is 020 7946 0018 a cellphone? who operates it"],
    check_verification: ["the customer typed 482913, is that the right OTP for +447700900123"],
  },
});
