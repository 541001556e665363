import { defineServer, tool } from "./define-server.js";
import { bool, int, list, num, obj, oneOf, str } from "./schema.js";

const sobject = str("SObject API name, e.g. `Account`, `Contact`, `Opportunity`, `Case` or a custom `Foo__c`.");
const recordId = str("15- or 18-character record ID.");
const fieldValues = obj({}, "Field API names mapped to values.", { additionalProperties: true });

const tools = [
  tool(
    "soql_query",
    "Run a SOQL query against Salesforce, e.g. `SELECT Id, Name FROM Account WHERE Industry = 'Retail'`. Follows nextRecordsUrl up to `max_records`.",
    {
      soql: str("SOQL query."),
      "max_records?": int("Stop after this many records.", { default: 2000 }),
    },
  ),
  tool(
    "sosl_search",
    "Full-text search across several Salesforce objects at once with SOSL, e.g. `FIND {Acme} IN ALL FIELDS RETURNING Account, Contact`. Use it when you do not know which object holds the record; use soql_query for exact filters.",
    {
      sosl: str("SOSL search string."),
    },
  ),
  tool(
    "get_record",
    "Retrieve a Salesforce record by object type and ID, with selected fields. Relationship fields can be read with dot notation such as `Account.Name`.",
    {
      sobject,
      id: recordId,
      "fields?": list(str("Field API name."), "Fields to return."),
    },
  ),
  tool(
    "create_record",
    "Create a record of any Salesforce object type from field values. Returns the new record ID; validation rules and required fields apply.",
    { sobject, fields: fieldValues },
  ),
  tool("update_record", "Update fields on an existing Salesforce record. Fields not given keep their values.", {
    sobject,
    id: recordId,
    fields: fieldValues,
  }),
  tool(
    "describe_object",
    "Describe a Salesforce object: its fields with types, picklist values, required flags and relationships. Use it to learn field API names before writing SOQL.",
    { sobject },
  ),
  tool(
    "create_lead",
    "Create a Salesforce lead for a prospect with name, company, email, source and status. Assignment rules run unless disabled.",
    {
      last_name: str("Lead last name."),
      company: str("Company name."),
      "first_name?": str("First name."),
      "email?": str("Email."),
      "lead_source?": oneOf(
        ["Web", "Phone Inquiry", "Partner Referral", "Trade Show", "Other"],
        "Where the lead came from.",
      ),
      "status?": oneOf(
        ["Open - Not Contacted", "Working - Contacted", "Closed - Converted", "Closed - Not Converted"],
        "Lead status.",
      ),
    },
  ),
  tool(
    "convert_lead",
    "Convert a qualified Salesforce lead into an account, contact and optionally an opportunity. Returns the IDs of the account, contact and opportunity.",
    {
      lead_id: recordId,
      converted_status: str("A converted lead status value."),
      "create_opportunity?": bool("Also create an opportunity.", { default: true }),
      "opportunity_name?": str("Name for the new opportunity."),
      "account_id?": str("Merge into this existing account."),
    },
  ),
  tool(
    "update_opportunity_stage",
    "Move a Salesforce opportunity to a new sales stage, with amount and close date. Stage changes drive the pipeline forecast.",
    {
      opportunity_id: recordId,
      stage: oneOf(
        [
          "Prospecting",
          "Qualification",
          "Needs Analysis",
          "Proposal/Price Quote",
          "Negotiation/Review",
          "Closed Won",
          "Closed Lost",
        ],
        "Stage name.",
      ),
      "amount?": num("Deal amount."),
      "close_date?": str("YYYY-MM-DD."),
    },
  ),
  tool(
    "log_activity",
    "Log a completed call, email or meeting as a Salesforce Task on a contact, lead, account or opportunity. The task is created with status Completed.",
    {
      what_or_who_id: recordId,
      subject: str("Activity subject, e.g. `Call`."),
      "description?": str("Notes."),
      "activity_date?": str("YYYY-MM-DD."),
      "type?": oneOf(["Call", "Email", "Meeting", "Other"], "Activity type."),
    },
  ),
];

export const salesforce = defineServer("salesforce", tools, {
  direct: {
    soql_query: ["run a soql query for accounts in the retail industry"],
    create_lead: ["create a salesforce lead for Maria Gomez at Vertex Labs from a trade show"],
    convert_lead: ["convert salesforce lead 00Q5e00000AbC into an account and opportunity"],
    update_opportunity_stage: ["update the Acme renewal opportunity stage to negotiation"],
    describe_object: ["describe the salesforce Case object fields and picklists"],
    log_activity: ["log a call activity with the Vertex Labs contact in salesforce"],
  },
  paraphrase: {
    soql_query: ["how many grocery chains with revenue over 10M are in sfdc"],
    sosl_search: ["anything mentioning Vertex anywhere in our sfdc org, people or companies?"],
    get_record: ["pull up 0015e00000XyZ in sfdc"],
    create_record: ["add a support case in sfdc for Acme's login outage"],
    update_record: ["change Acme's billing city to Denver in sfdc"],
    create_lead: ["we met Maria from Vertex Labs at the expo, put her in sfdc as someone to follow up"],
    convert_lead: ["Maria is sales-ready, turn her into a customer with a deal in sfdc"],
    update_opportunity_stage: ["we won the Acme renewal, mark it in sfdc"],
    log_activity: ["note in sfdc that I phoned Vertex this morning"],
  },
});
