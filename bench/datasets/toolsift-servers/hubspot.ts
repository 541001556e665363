import { defineServer, tool } from "./define-server.js";
import { cursorParams, list, obj, oneOf, str, stringMap } from "./schema.js";

const properties = stringMap("HubSpot property internal names mapped to values.");
const objectType = oneOf(["contacts", "companies", "deals", "tickets"], "CRM object type.");

const tools = [
  tool(
    "create_contact",
    "Create a HubSpot contact. Email is the unique identifier; other properties like firstname, lastname, phone and lifecyclestage are optional.",
    {
      email: str("Contact email."),
      "properties?": properties,
    },
  ),
  tool(
    "search_contacts",
    "Search HubSpot contacts by property filters (e.g. lifecyclestage = lead) or a free-text query over name, email and phone. Returns up to 100 contacts per page with the requested properties.",
    {
      "query?": str("Free text."),
      "filters?": list(
        obj({
          propertyName: str("Property."),
          operator: oneOf(["EQ", "NEQ", "GT", "LT", "CONTAINS_TOKEN", "HAS_PROPERTY"], "Operator."),
          "value?": str("Value."),
        }),
        "Filters joined with AND.",
      ),
      "properties?": list(str("Property name."), "Properties to return."),
      ...cursorParams(100, "after"),
    },
  ),
  tool(
    "update_contact",
    "Update properties on an existing HubSpot contact by ID or email. Properties not given keep their values.",
    {
      contact: str("Contact ID or email."),
      properties,
    },
  ),
  tool(
    "create_company",
    "Create a HubSpot company record with name, domain, industry and other properties. Returns the company ID.",
    {
      name: str("Company name."),
      "domain?": str("Website domain; used to auto-associate contacts."),
      "properties?": properties,
    },
  ),
  tool(
    "create_deal",
    "Create a HubSpot deal in a pipeline stage with amount, close date and owner. Use list_pipelines to find pipeline and stage IDs.",
    {
      dealname: str("Deal name."),
      pipeline: str("Pipeline ID, `default` for the sales pipeline."),
      dealstage: str("Stage ID, e.g. `appointmentscheduled`."),
      "amount?": str("Deal amount."),
      "closedate?": str("ISO 8601 date."),
      "hubspot_owner_id?": str("Owner ID."),
    },
  ),
  tool(
    "update_deal_stage",
    "Move a HubSpot deal to another stage of its pipeline. Moving to a closed stage sets the close date if it is empty.",
    {
      deal_id: str("Deal ID."),
      dealstage: str("Target stage ID, e.g. `closedwon`."),
    },
  ),
  tool(
    "associate_records",
    "Associate two HubSpot CRM records, e.g. a contact with a company or a deal with a contact. Associations show up on both records' sidebars.",
    {
      from_type: objectType,
      from_id: str("Source record ID."),
      to_type: objectType,
      to_id: str("Target record ID."),
    },
  ),
  tool(
    "create_note",
    "Add a note to the timeline of a HubSpot contact, company or deal. The note is timestamped now.",
    {
      body: str("Note text (HTML allowed)."),
      object_type: objectType,
      object_id: str("Record to attach the note to."),
    },
  ),
  tool(
    "list_pipelines",
    "List HubSpot pipelines and their stages for deals or tickets. Stage IDs from here are what create_deal and update_deal_stage expect.",
    { object_type: oneOf(["deals", "tickets"], "Pipeline object type.") },
  ),
  tool(
    "create_ticket",
    "Create a HubSpot service ticket in a support pipeline with subject, content, priority and linked contact. Returns the ticket ID.",
    {
      subject: str("Ticket subject."),
      "content?": str("Ticket description."),
      "hs_pipeline_stage?": str("Stage ID.", { default: "1" }),
      "hs_ticket_priority?": oneOf(["LOW", "MEDIUM", "HIGH"], "Priority."),
      "contact_id?": str("Contact to associate."),
    },
  ),
  tool(
    "list_owners",
    "List HubSpot owners (users who can own records) with IDs, names and emails. Owner IDs are what hubspot_owner_id fields take.",
    { "email?": str("Filter by email.") },
  ),
];

export const hubspot = defineServer("hubspot", tools, {
  direct: {
    create_contact: ["create a hubspot contact for lee@brightco.io"],
    search_contacts: ["search hubspot contacts where lifecycle stage is lead"],
    create_deal: ["create a hubspot deal 'BrightCo annual' for 24000 in the sales pipeline"],
    update_deal_stage: ["move the BrightCo deal to closed won in hubspot"],
    create_note: ["add a note to the BrightCo company in hubspot about the pricing call"],
    create_ticket: ["create a high priority hubspot ticket for lee about failed exports"],
  },
  paraphrase: {
    search_contacts: ["which marketing people from brightco do we know in hs"],
    update_contact: ["lee changed jobs, set his title to VP Ops in our marketing crm"],
    create_company: ["add BrightCo (brightco.io) as an organisation in hs"],
    create_deal: ["start tracking a 24k yearly sale to brightco in our hs pipe"],
    associate_records: ["tie lee to the brightco org in hs"],
    list_pipelines: ["what are the steps of our hs sales funnel"],
    list_owners: ["which reps can I hand accounts to in hs"],
  },
});
