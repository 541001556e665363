import { z } from "zod";
import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { FAKE_NOW, lookup, notFound, refused, sequence } from "./fake-service.js";
import { choice, email, flag, integer, list, obj, stringMap, strings, text } from "./schema-parts.js";
import { serverTools } from "./server-tools.js";

const created = Math.floor(Date.parse(FAKE_NOW) / 1000);
const nextId = sequence(1);
const id = (prefix: string) => `${prefix}_${String(nextId()).padStart(4, "0")}Fake`;

interface Customer {
  id: string;
  object: "customer";
  email?: string;
  name?: string;
  currency: string;
  created: number;
  metadata: Record<string, string>;
}

const customer = (id: string, name: string, email: string, currency: string, created: number): Customer => ({
  id,
  object: "customer",
  email,
  name,
  currency,
  created,
  metadata: {},
});
const customers: Customer[] = [
  customer("cus_Ana001", "Ana Souza", "ana@example.com", "brl", 1730541600),
  customer("cus_Kenji02", "Kenji Sato", "kenji@example.com", "jpy", 1736929800),
  customer("cus_Lea003", "Léa Martin", "lea@example.com", "eur", 1741542300),
];

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_refunded: number;
  currency: string;
  customer: string | null;
  status: "requires_payment_method" | "requires_confirmation" | "requires_capture" | "succeeded" | "canceled";
  description: string | null;
  created: number;
  metadata: Record<string, string>;
};
const intent = (id: string, customer: string | null, amount: number, currency: string, created: number): Intent => ({
  id,
  object: "payment_intent",
  amount,
  amount_refunded: 0,
  currency,
  customer,
  status: "succeeded",
  description: null,
  created,
  metadata: {},
});
const intents: Intent[] = [
  intent("pi_3Order1001", "cus_Ana001", 15990, "brl", 1747742400),
  intent("pi_3Order1002", "cus_Kenji02", 4800, "jpy", 1748100000),
  intent("pi_3Order1003", "cus_Lea003", 8900, "eur", 1748300000),
];
const refunds: object[] = [];
interface Price {
  id: string;
  object: "price";
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: string; interval_count: number } | null;
  active: boolean;
}

const proPrice = (id: string, unit_amount: number, interval: string): Price => ({
  id,
  object: "price",
  product: "prod_Pro",
  unit_amount,
  currency: "eur",
  recurring: { interval, interval_count: 1 },
  active: true,
});
const prices: Price[] = [proPrice("price_ProMonthly", 2900, "month"), proPrice("price_ProYearly", 29000, "year")];
const products = [
  { id: "prod_Pro", object: "product", name: "Storefront Pro", active: true, default_price: "price_ProMonthly" },
];
const subscriptions = [
  {
    id: "sub_LeaPro",
    object: "subscription",
    customer: "cus_Lea003",
    status: "active",
    items: [{ price: "price_ProMonthly", quantity: 1 }],
    cancel_at_period_end: false,
    current_period_end: 1751328000,
  },
];

const CANCELLATION_FEEDBACK = [
  "customer_service",
  "low_quality",
  "missing_features",
  "switched_service",
  "too_complex",
  "too_expensive",
  "unused",
  "other",
] as const;

/** Where a new PaymentIntent stands, following Stripe's state machine. */
function intentStatus(hasPaymentMethod: boolean, confirm: boolean, captureMethod?: string): Intent["status"] {
  if (!hasPaymentMethod) return "requires_payment_method";
  if (!confirm) return "requires_confirmation";
  return captureMethod === "manual" ? "requires_capture" : "succeeded";
}

/** Stripe's list envelope with `starting_after` cursor pagination. */
function stripeList<T extends { id: string }>(url: string, items: readonly T[], limit = 10, startingAfter?: string) {
  const start = startingAfter === undefined ? 0 : items.findIndex((i) => i.id === startingAfter) + 1;
  const data = items.slice(start, start + limit);
  return { object: "list", url, data, has_more: start + limit < items.length };
}

/** Prose shared by the JSON Schema tools and the zod one, so both describe a field the same way. */
const HELP = {
  metadata:
    "Set of key-value pairs to store on the object, for your own references such as an order id. Up to 50 keys, " +
    "keys up to 40 characters, values up to 500 characters, all strings. Metadata is not shown to customers and is " +
    "searchable in the Dashboard; never put card numbers or other sensitive data in it.",
  idempotencyKey:
    "A unique key, such as a UUID, that makes the request safe to retry: a repeat with the same key within 24 hours " +
    "returns the first result instead of acting twice, and a repeat with different parameters fails. Always set one " +
    "when retrying after a timeout.",
} as const;

const idempotencyField = {
  idempotency_key: text(HELP.idempotencyKey, { maxLength: 255, examples: ["9f1b4c2e-order-1004-refund"] }),
};
const metadataField = { metadata: stringMap(HELP.metadata) };
const expandField = (paths: readonly string[]) => ({
  expand: strings(
    `Related objects to return in full instead of as ids, by dot path, such as ${paths.join(" or ")}. ` +
      "Up to four levels deep; every expansion makes the answer larger and the call slower.",
    { uniqueItems: true },
  ),
});
const createdFilter = obj(
  {
    gt: integer("After this Unix time (seconds)."),
    gte: integer("At or after this Unix time."),
    lt: integer("Before this Unix time."),
    lte: integer("At or before this Unix time."),
  },
  [],
  "Filter on creation time with Unix timestamps in seconds, such as { gte: 1748736000 } for since 1 June 2025 UTC.",
);
const listParams = {
  limit: integer("How many objects to return, 1 to 100 (default 10); ask for 100 when paging through everything.", {
    minimum: 1,
    maximum: 100,
    default: 10,
  }),
  starting_after: text(
    "Cursor for the next page: the id of the last object of the previous page. Lists are newest first, so this " +
      "walks back in time.",
  ),
  ending_before: text("Cursor for the previous page: the id of the first object of the current page."),
};
const customerField = (description: string) => ({
  customer: text(description, { pattern: "^cus_\\w+$", examples: ["cus_Lea003"] }),
});
const currencyField = text(
  "Three-letter ISO 4217 currency code in lower case, such as eur, usd or jpy. It must be a currency the account " +
    "supports, and it decides the smallest unit amounts are counted in.",
  { pattern: "^[a-z]{3}$", examples: ["eur"] },
);
const amountField = (description: string) => ({
  amount: integer(
    `${description} A positive integer in the smallest currency unit: cents for eur and usd (1000 is 10.00), ` +
      "whole yen for jpy. Stripe enforces a minimum of about 0.50 in the account's currency.",
    { minimum: 1, maximum: 99999999, examples: [2500] },
  ),
  currency: currencyField,
});
const addressFields = {
  line1: text("Street address, such as Rua Augusta 123."),
  line2: text("Apartment, suite, unit or building."),
  city: text("City, district, suburb, town or village."),
  state: text("State, county, province or region; for US addresses the two-letter code."),
  postal_code: text("ZIP or postal code."),
  country: text("Two-letter ISO 3166-1 country code in upper case, such as BR or FR.", { pattern: "^[A-Z]{2}$" }),
};

const shippingField = (description: string) =>
  obj(
    {
      name: text("Recipient name, as it should appear on the parcel."),
      phone: text("Recipient phone number, for the carrier."),
      address: obj(addressFields, ["line1", "country"], "Where the goods go."),
      carrier: text("Delivery service, such as DHL or UPS, when already known."),
      tracking_number: text("Tracking number of the shipment, when already known."),
    },
    ["name", "address"],
    description,
  );

const onCustomer = lookup(
  "Customer",
  (input: { customer: string }) => customers.find((c) => c.id === input.customer),
  (input) => input.customer,
);

const tool = serverTools("stripe");

/** Tools of a Stripe MCP server, run against an in-memory test-mode account. */
export const stripeTools: ToolDefinition[] = [
  tool({
    name: "list_customers",
    description:
      "List customers, newest first, optionally only those with a given email address. " +
      "Returns Stripe's list envelope: data holds the customers and has_more says whether another page exists. " +
      "Paginate with starting_after set to the id of the last customer of the previous page. " +
      "Email matching is exact and case-sensitive, and Stripe does not stop several customers from sharing one " +
      "email, so check has_more and compare the results before picking one. " +
      "Deleted customers are not listed.",
    inputSchema: obj({
      email: email(
        "Only customers with exactly this email address. Matching is case-sensitive, so try the address as the " +
          "customer typed it.",
      ),
      created: createdFilter,
      test_clock: text("Only customers attached to this test clock (clock_…); test mode only."),
      ...expandField(["data.default_source", "data.invoice_settings.default_payment_method"]),
      ...listParams,
    }),
    tags: ["find customer", "lookup by email"],
    execute: (input) => {
      const hits = customers
        .filter((c) => input.email === undefined || c.email === input.email)
        .filter((c) => c.created >= (input.created?.gte ?? 0) && c.created <= (input.created?.lte ?? Infinity))
        .sort((a, b) => b.created - a.created);
      return stripeList("/v1/customers", hits, input.limit, input.starting_after);
    },
  }),
  tool({
    name: "create_customer",
    description:
      "Create a customer record to attach payments, subscriptions and invoices to. " +
      "Returns the customer with its cus_ id. " +
      "An email is strongly recommended: receipts and invoices are sent there, and it is how list_customers finds " +
      "the customer later. " +
      "Stripe does not deduplicate customers, so search by email first to avoid creating the same person twice. " +
      "Addresses and tax ids matter for tax calculation and invoices, so pass them when the customer gave them.",
    inputSchema: obj({
      email: email("The customer's email address, used for receipts and invoices; at most 512 characters.", [
        "jo@example.com",
      ]),
      name: text("Full name or business name, shown on invoices and in the Dashboard.", { maxLength: 256 }),
      phone: text("Phone number in E.164 format, such as +4930123456.", { pattern: "^\\+[1-9]\\d{1,14}$" }),
      description: text("Internal note about the customer, shown in the Dashboard only.", { maxLength: 350 }),
      address: obj(addressFields, ["line1", "country"], "Billing address, used for tax calculation and on invoices."),
      shipping: shippingField("Default shipping details, when they differ from the billing address."),
      preferred_locales: strings("Languages for emails and invoices in order of preference, such as [fr-FR, en].", {
        examples: [["fr-FR", "en"]],
      }),
      payment_method: text("Id of a PaymentMethod (pm_…) to attach to the new customer."),
      invoice_settings: obj(
        {
          default_payment_method: text("PaymentMethod (pm_…) charged for invoices and subscriptions by default."),
          footer: text("Default footer printed on the customer's invoices.", { maxLength: 5000 }),
        },
        [],
        "Defaults for invoices sent to this customer.",
      ),
      balance: integer(
        "Starting balance in the smallest currency unit: negative is a credit the customer can spend, positive an " +
          "amount owed, both applied to their next invoice.",
      ),
      invoice_prefix: text(
        "Prefix for the customer's invoice numbers, 3 to 12 upper-case letters or digits, such as ANA.",
        {
          pattern: "^[A-Z0-9]{3,12}$",
        },
      ),
      tax_exempt: choice(
        ["none", "exempt", "reverse"],
        "Tax status: exempt customers pay no tax, reverse marks reverse-charge B2B sales in the EU.",
        "none",
      ),
      tax_id_data: list(
        obj(
          {
            type: text("Kind of tax id, such as eu_vat, gb_vat, br_cnpj or us_ein.", { examples: ["eu_vat"] }),
            value: text("The tax id itself, such as FR12345678901.", { examples: ["FR12345678901"] }),
          },
          ["type", "value"],
        ),
        "Tax ids to record, printed on invoices; EU VAT numbers are verified asynchronously.",
        { maxItems: 5 },
      ),
      ...metadataField,
      ...idempotencyField,
    }),
    execute: (input) => {
      const { idempotency_key: _key, ...fields } = input;
      const made: Customer = {
        ...fields,
        id: id("cus"),
        object: "customer",
        currency: "eur",
        created,
        metadata: input.metadata ?? {},
      };
      customers.push(made);
      return made;
    },
  }),
  tool({
    name: "retrieve_customer",
    description:
      "Retrieve a customer by id, with email, name, default currency and metadata. " +
      "Use list_customers with an email when the id is unknown. " +
      "A deleted customer still answers, but with deleted set to true and no other details. " +
      "Expand subscriptions or tax_ids to get them in the same call instead of making separate lookups. " +
      "The balance field is the customer's credit (negative) or debt (positive) in the smallest currency unit, " +
      "applied to their next invoice.",
    inputSchema: obj(
      {
        ...customerField("Id of the customer (cus_…), as shown in the Dashboard URL and on every payment."),
        ...expandField(["subscriptions", "tax_ids", "invoice_settings.default_payment_method"]),
      },
      ["customer"],
    ),
    execute: onCustomer((_input, found) => found),
  }),
  tool({
    name: "create_payment_intent",
    description:
      "Create a PaymentIntent to charge a customer a given amount. " +
      "With confirm and a saved payment method the charge happens at once; without them the intent waits for a " +
      "payment method and confirmation, usually from the customer's browser through its client_secret. " +
      "With manual capture the amount is only authorised and must be captured within 7 days, or the authorisation lapses. " +
      "Returns the PaymentIntent with its status: succeeded means the money was collected, requires_action means " +
      "the customer must complete 3-D Secure. " +
      "Always pass an idempotency_key, so a retry after a timeout cannot charge twice.",
    inputSchema: obj(
      {
        ...amountField("Amount to charge."),
        ...customerField("Customer to charge (cus_…); needed to use their saved payment methods."),
        payment_method: text("Saved payment method to charge (pm_…); it must belong to customer.", {
          pattern: "^pm_\\w+$",
        }),
        payment_method_types: strings(
          "Payment method types allowed, such as card, sepa_debit or ideal. Leave it out to use automatic_payment_methods.",
          { examples: [["card"]] },
        ),
        automatic_payment_methods: obj(
          {
            enabled: flag("Offer every payment method enabled in the Dashboard that fits amount and currency."),
            allow_redirects: choice(
              ["always", "never"],
              "never limits the choice to methods that need no redirect.",
              "always",
            ),
          },
          ["enabled"],
          "Let Stripe pick the payment methods from the Dashboard settings instead of listing them.",
        ),
        capture_method: choice(
          ["automatic", "automatic_async", "manual"],
          "When funds are captured: automatic at confirmation, automatic_async shortly after, manual only when you " +
            "capture later (authorise now, charge at shipping).",
          "automatic",
        ),
        confirm: flag("Confirm right away, attempting the charge with payment_method.", false),
        off_session: flag(
          "With confirm: the customer is not present, as for a renewal; the charge fails instead of asking for 3-D " +
            "Secure.",
        ),
        setup_future_usage: choice(
          ["on_session", "off_session"],
          "Save the payment method to the customer for later charges, with or without the customer present.",
        ),
        return_url: text(
          "Where to send the customer after a redirect-based payment; required with confirm for such methods.",
          {
            format: "uri",
          },
        ),
        description: text("Description shown in the Dashboard and on receipts.", { maxLength: 1000 }),
        receipt_email: email("Where to send the receipt; receipts are only sent in live mode."),
        payment_method_options: obj(
          {
            card: obj(
              {
                request_three_d_secure: choice(
                  ["automatic", "any", "challenge"],
                  "When to ask for 3-D Secure: automatic lets Stripe and the bank decide, any requests it whenever " +
                    "the card supports it, challenge forces the customer through it.",
                  "automatic",
                ),
                capture_method: choice(
                  ["manual"],
                  "Authorise card payments only, while other methods capture at once.",
                ),
              },
              [],
              "Options for card payments.",
            ),
          },
          [],
          "Settings per payment method type, applied when that type is used.",
        ),
        shipping: shippingField("Where the order ships; helps fraud checks and appears in the Dashboard."),
        statement_descriptor_suffix: text(
          "Text added to the account's statement descriptor on the customer's bank statement, such as ORDER 1004.",
          { maxLength: 22 },
        ),
        application_fee_amount: integer(
          "Connect only: the platform's fee in the smallest currency unit, taken from the amount transferred to the " +
            "connected account.",
          { minimum: 0 },
        ),
        transfer_data: obj(
          {
            destination: text("Connected account (acct_…) that receives the funds.", { pattern: "^acct_\\w+$" }),
            amount: integer("Part of the amount to transfer; the whole amount minus fees when omitted.", {
              minimum: 1,
            }),
          },
          ["destination"],
          "Connect only: send the funds on to a connected account after the payment succeeds.",
        ),
        ...metadataField,
        ...idempotencyField,
      },
      ["amount", "currency"],
    ),
    destructive: true,
    tags: ["charge", "take payment", "bill"],
    execute: (input) => {
      if (input.customer !== undefined && !customers.some((c) => c.id === input.customer))
        return notFound("Customer", input.customer);
      const made = intent(id("pi"), input.customer ?? null, input.amount, input.currency, created);
      made.description = input.description ?? null;
      made.metadata = input.metadata ?? {};
      made.status = intentStatus(input.payment_method !== undefined, input.confirm ?? false, input.capture_method);
      intents.push(made);
      return made;
    },
  }),
  tool({
    name: "list_payment_intents",
    description:
      "List PaymentIntents, newest first, optionally only one customer's or a time range. " +
      "Each shows amount, currency, status, the amount already refunded and metadata; only status succeeded means " +
      "the money was collected. " +
      "Paginate with starting_after. " +
      "Intents abandoned in checkout stay listed with status requires_payment_method, so filter on status before " +
      "adding amounts up. " +
      "For totals over many payments, retrieve_balance or a Dashboard report is cheaper than paging through every intent.",
    inputSchema: obj({
      ...customerField("Only this customer's payments (cus_…)."),
      created: createdFilter,
      ...expandField(["data.customer", "data.latest_charge"]),
      ...listParams,
    }),
    tags: ["payments", "charges", "transactions"],
    execute: (input) => {
      const hits = intents
        .filter((i) => input.customer === undefined || i.customer === input.customer)
        .filter((i) => i.created >= (input.created?.gte ?? 0) && i.created <= (input.created?.lte ?? Infinity));
      hits.sort((a, b) => b.created - a.created);
      return stripeList("/v1/payment_intents", hits, input.limit, input.starting_after);
    },
  }),
  tool({
    name: "create_refund",
    description:
      "Refund a succeeded payment, in full or in part, to the customer's original payment method. " +
      "Money leaves the account balance at once, and a refund cannot be cancelled once it succeeds; it reaches " +
      "the customer in about 5 to 10 business days. " +
      "Several partial refunds are allowed up to the amount paid, and the error says how much remains refundable. " +
      " " +
      "Confirm the amount with the user, and pass an idempotency_key so a retry cannot refund twice. " +
      "Refunds do not return Stripe's processing fees.",
    inputSchema: z.object({
      payment_intent: z
        .string()
        .startsWith("pi_")
        .describe("The PaymentIntent to refund (pi_…); it must have status succeeded.")
        .meta({ examples: ["pi_3Order1003"] }),
      amount: z
        .number()
        .int()
        .positive()
        .optional()
        .describe(
          "Amount to refund in the smallest currency unit (cents; whole yen for jpy). The full remaining amount when " +
            "omitted; more than what remains fails.",
        ),
      reason: z
        .enum(["duplicate", "fraudulent", "requested_by_customer"])
        .optional()
        .describe("Why the payment is refunded. fraudulent also adds the card to the account's block lists."),
      metadata: z.record(z.string(), z.string()).optional().describe(HELP.metadata),
      refund_application_fee: z
        .boolean()
        .default(false)
        .describe("Connect only: also refund the application fee, in proportion to the amount refunded."),
      reverse_transfer: z
        .boolean()
        .default(false)
        .describe("Connect only: pull the refunded amount back from the connected account that received the transfer."),
      instructions_email: z
        .email()
        .optional()
        .describe(
          "For payment methods without a card to refund to: where Stripe emails the customer to collect bank details.",
        ),
      idempotency_key: z.string().max(255).optional().describe(HELP.idempotencyKey),
    }),
    destructive: true,
    tags: ["money back", "reimburse", "chargeback"],
    execute: (input) => {
      const paid = intents.find((i) => i.id === input.payment_intent);
      if (!paid) return notFound("PaymentIntent", input.payment_intent);
      const remaining = paid.amount - paid.amount_refunded;
      const amount = input.amount ?? remaining;
      if (paid.status !== "succeeded" || amount > remaining) {
        return refused(`Cannot refund ${amount}; ${remaining} ${paid.currency} remains refundable.`);
      }
      paid.amount_refunded += amount;
      const refund = {
        id: id("re"),
        object: "refund",
        amount,
        currency: paid.currency,
        payment_intent: paid.id,
        reason: input.reason ?? null,
        status: "succeeded",
      };
      refunds.push(refund);
      return refund;
    },
  }),
  tool({
    name: "list_products",
    description:
      "List the products in the catalogue with their prices. " +
      "Products are what customers buy; each price carries an amount, a currency and, for subscriptions, a billing interval. " +
      "Archived products (active false) stay attached to existing subscriptions but cannot be sold anew. " +
      "Paginate with starting_after; for a product whose id is known, filter with ids instead of paging. " +
      "A product's default_price is the one shown in Checkout and the Dashboard when no other is chosen.",
    inputSchema: obj({
      active: flag("true lists only products for sale, false only archived ones; both when omitted."),
      ids: strings("Only these product ids (prod_…).", { maxItems: 100 }),
      shippable: flag("Only physical products that can be shipped (true) or only digital ones (false)."),
      url: text("Only the product with this product page URL."),
      created: createdFilter,
      ...expandField(["data.default_price"]),
      ...listParams,
    }),
    execute: (input) => {
      const hits = products
        .filter((p) => input.active === undefined || p.active === input.active)
        .filter((p) => input.ids === undefined || input.ids.includes(p.id));
      const withPrices = hits.map((p) => ({ ...p, prices: prices.filter((price) => price.product === p.id) }));
      return stripeList("/v1/products", withPrices, input.limit, input.starting_after);
    },
  }),
  tool({
    name: "create_price",
    description:
      "Create a price for a product: a one-off amount or a recurring amount per interval. " +
      "Prices are immutable in amount and currency: to change what something costs, create a new price and " +
      "archive the old one. " +
      "Existing subscriptions keep their old price until they are moved to the new one. " +
      "A lookup_key lets code find the current price without hard-coding ids, and transfer_lookup_key moves the " +
      "key from the old price in the same call. " +
      "Returns the price with its price_ id.",
    inputSchema: obj(
      {
        product: text("Product the price belongs to (prod_…); list_products shows the ids.", {
          examples: ["prod_Pro"],
        }),
        unit_amount: integer(
          "Price per unit in the smallest currency unit, such as 4900 for 49.00 eur; 0 for a free tier.",
          { minimum: 0, examples: [4900] },
        ),
        currency: currencyField,
        recurring: obj(
          {
            interval: choice(["day", "week", "month", "year"], "Billing frequency, multiplied by interval_count."),
            interval_count: integer(
              "Intervals between billings, such as 3 with month for quarterly. At most three years in total.",
              { minimum: 1, maximum: 36, default: 1 },
            ),
            usage_type: choice(
              ["licensed", "metered"],
              "licensed bills the quantity on the subscription; metered bills reported usage at the period end.",
              "licensed",
            ),
          },
          ["interval"],
          "Makes it a subscription price; omit it for one-off payments.",
        ),
        billing_scheme: choice(
          ["per_unit", "tiered"],
          "per_unit charges unit_amount per unit; tiered charges by the tiers below, as for volume discounts. " +
            "unit_amount must be left at 0 with tiered.",
          "per_unit",
        ),
        tiers_mode: choice(
          ["graduated", "volume"],
          "With tiered: graduated bills each unit at the price of the tier it falls in, volume bills every unit at " +
            "the price of the tier the total quantity reaches.",
        ),
        tiers: list(
          obj(
            {
              up_to: integer("Upper bound of the tier in units; leave it out on the last tier, which has no bound.", {
                minimum: 1,
              }),
              unit_amount: integer("Price per unit within the tier, in the smallest currency unit.", { minimum: 0 }),
              flat_amount: integer("Flat fee for the tier, added once when any unit falls in it.", { minimum: 0 }),
            },
            [],
          ),
          "With tiered: the tiers in ascending order, such as 1-10 seats at 900 and 11 or more at 700.",
          { maxItems: 250 },
        ),
        tax_behavior: choice(
          ["inclusive", "exclusive", "unspecified"],
          "Whether unit_amount includes tax (inclusive) or tax is added on top (exclusive); needed for automatic tax.",
          "unspecified",
        ),
        nickname: text("Internal name of the price, shown in the Dashboard, such as Pro monthly 2025."),
        lookup_key: text("A stable key to fetch the price by, such as pro_monthly; unique among active prices.", {
          maxLength: 200,
        }),
        transfer_lookup_key: flag("Move lookup_key from the price that currently holds it to this one.", false),
        ...metadataField,
        ...idempotencyField,
      },
      ["product", "unit_amount", "currency"],
    ),
    execute: (input) => {
      if (!products.some((p) => p.id === input.product)) return notFound("Product", input.product);
      const price: Price = {
        id: id("price"),
        object: "price",
        product: input.product,
        unit_amount: input.unit_amount,
        currency: input.currency,
        recurring: input.recurring
          ? { interval: input.recurring.interval, interval_count: input.recurring.interval_count ?? 1 }
          : null,
        active: true,
      };
      prices.push(price);
      return price;
    },
  }),
  tool({
    name: "create_subscription",
    description:
      "Subscribe a customer to one or more recurring prices, optionally after a free trial. " +
      "Billing starts at once unless there is a trial: the first invoice is paid with the customer's default " +
      "payment method, or emailed when collection_method is send_invoice. " +
      "payment_behavior decides what happens when that first payment needs action or fails. " +
      "Returns the subscription; expand latest_invoice.payment_intent to see whether the first payment went through. " +
      "The customer needs a default payment method for automatic charging, unless there is a trial or invoices are sent.",
    inputSchema: obj(
      {
        ...customerField(
          "Customer to subscribe (cus_…); they need a default payment method unless there is a trial or invoices are sent.",
        ),
        items: list(
          obj(
            {
              price: text("Recurring price id (price_…); one-off prices are rejected here.", {
                examples: ["price_ProYearly"],
              }),
              quantity: integer("Number of seats or units billed for this price.", { minimum: 1, default: 1 }),
              ...metadataField,
            },
            ["price"],
          ),
          "Prices to subscribe to, at most 20; all must share one billing interval and currency.",
          { minItems: 1, maxItems: 20 },
        ),
        trial_end: integer(
          "Unix time at which the trial ends, as an alternative to trial_period_days when the trial should end on a given date.",
        ),
        trial_period_days: integer(
          "Days of free trial before the first charge; the subscription starts as trialing and bills when the trial ends.",
          { minimum: 0, maximum: 730 },
        ),
        collection_method: choice(
          ["charge_automatically", "send_invoice"],
          "charge_automatically charges the default payment method; send_invoice emails invoices to pay by hand.",
          "charge_automatically",
        ),
        days_until_due: integer("With send_invoice: days the customer has to pay each invoice.", { minimum: 0 }),
        default_payment_method: text("PaymentMethod (pm_…) to charge, overriding the customer's default."),
        payment_behavior: choice(
          ["allow_incomplete", "default_incomplete", "error_if_incomplete", "pending_if_incomplete"],
          "When the first payment needs action or fails: default_incomplete creates the subscription as incomplete " +
            "for the customer to finish, error_if_incomplete fails the call.",
          "allow_incomplete",
        ),
        proration_behavior: choice(
          ["create_prorations", "none", "always_invoice"],
          "How to handle partial periods, as with a billing_cycle_anchor in the future.",
          "create_prorations",
        ),
        billing_cycle_anchor: integer("Unix time that fixes the day of the month (or year) billing recurs on."),
        automatic_tax: obj(
          { enabled: flag("Calculate tax with Stripe Tax from the customer's address; needs Stripe Tax set up.") },
          ["enabled"],
          "Automatic tax calculation for the subscription's invoices.",
        ),
        description: text("Description shown to the customer in the customer portal and on invoices.", {
          maxLength: 500,
        }),
        cancel_at_period_end: flag("End the subscription after the first period instead of renewing.", false),
        discounts: list(
          obj({
            coupon: text("Coupon id, such as SUMMER25, as created in the Dashboard."),
            promotion_code: text("Promotion code id (promo_…), not the code customers type."),
          }),
          "Coupons or promotion codes to apply.",
          { maxItems: 20 },
        ),
        ...expandField(["latest_invoice.payment_intent", "pending_setup_intent"]),
        ...metadataField,
        ...idempotencyField,
      },
      ["customer", "items"],
    ),
    tags: ["recurring billing", "plan", "sign up"],
    execute: onCustomer((input, customer) => {
      const unknown = input.items.find((item) => !prices.some((p) => p.id === item.price));
      if (unknown) return notFound("Price", unknown.price);
      const sub = {
        id: id("sub"),
        object: "subscription",
        customer: customer.id,
        status: input.trial_period_days ? "trialing" : "active",
        items: input.items.map((item) => ({ price: item.price, quantity: item.quantity ?? 1 })),
        cancel_at_period_end: input.cancel_at_period_end ?? false,
        current_period_end: created + 30 * 86400,
      };
      subscriptions.push(sub);
      return sub;
    }),
  }),
  tool({
    name: "cancel_subscription",
    description:
      "Cancel a customer's subscription immediately, ending its billing. " +
      "The customer loses access now, and a canceled subscription cannot be reactivated: a new one is needed. " +
      "Optionally invoice outstanding usage and credit the unused part of the period to the customer's balance. " +
      "To stop at the end of the paid period instead, set cancel_at_period_end on the subscription rather than canceling it. " +
      "Confirm with the user whether they mean now or at the period end.",
    inputSchema: obj(
      {
        subscription: text("Id of the subscription (sub_…), from the customer's subscriptions or the Dashboard.", {
          pattern: "^sub_\\w+$",
          examples: ["sub_LeaPro"],
        }),
        invoice_now: flag("Generate a final invoice now for pending usage and prorations.", false),
        prorate: flag("Credit the unused part of the current period to the customer's balance.", false),
        cancellation_details: obj(
          {
            comment: text("Free-text reason in the customer's words.", { maxLength: 5000 }),
            feedback: choice(CANCELLATION_FEEDBACK, "Reason category, for churn reports."),
          },
          [],
          "Why the customer cancelled; shown in the Dashboard and churn analytics.",
        ),
        ...expandField(["latest_invoice"]),
      },
      ["subscription"],
    ),
    destructive: true,
    tags: ["unsubscribe", "churn", "end plan"],
    execute: (input) => {
      const sub = subscriptions.find((s) => s.id === input.subscription);
      if (!sub) return notFound("Subscription", input.subscription);
      if (sub.status === "canceled") return refused(`${sub.id} is already canceled.`);
      sub.status = "canceled";
      return { ...sub, canceled_at: created, cancellation_details: input.cancellation_details ?? null };
    },
  }),
  tool({
    name: "retrieve_balance",
    description:
      "Retrieve the account balance: funds available to pay out and funds still pending. " +
      "Amounts are per currency and in the smallest unit, such as cents. " +
      "Pending funds become available on the payout schedule, typically after 2 to 7 days depending on the " +
      "country and the account's history. " +
      "Refunds and payouts draw on the available balance, and a refund larger than it can take the balance " +
      "negative, which Stripe then recovers from the bank account. " +
      "Test mode and live mode have separate balances.",
    inputSchema: obj({}),
    tags: ["funds", "payout"],
    execute: () => {
      const byCurrency = new Map<string, number>();
      for (const i of intents.filter((i) => i.status === "succeeded")) {
        byCurrency.set(i.currency, (byCurrency.get(i.currency) ?? 0) + i.amount - i.amount_refunded);
      }
      const available = [...byCurrency].map(([currency, amount]) => ({ currency, amount }));
      return { object: "balance", livemode: false, available, pending: available.map((a) => ({ ...a, amount: 0 })) };
    },
  }),
];
