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
const products = [{ id: "prod_Pro", object: "product", name: "Storefront Pro", active: true, default_price: "price_ProMonthly" }];
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

const listParams = {
  limit: integer("How many objects to return.", { minimum: 1, maximum: 100, default: 10 }),
  starting_after: text("Cursor: the id of the last object of the previous page."),
  ending_before: text("Cursor: the id of the first object of the next page, to page backwards."),
};
const metadataField = { metadata: stringMap("Up to 50 key-value pairs to store on the object; values up to 500 characters.") };
const customerField = (description: string) => ({
  customer: text(description, { pattern: "^cus_\\w+$", examples: ["cus_Lea003"] }),
});
const amountField = (description: string) => ({
  amount: integer(`${description} In the smallest currency unit (cents; whole yen for JPY).`, { minimum: 1, examples: [2500] }),
  currency: text("Three-letter ISO currency code, lower case.", { pattern: "^[a-z]{3}$", examples: ["eur"] }),
});

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
      "Paginate with starting_after set to the last customer id of the previous page.",
    inputSchema: obj({
      email: email("Only customers with exactly this email address (case-sensitive)."),
      created: obj(
        { gte: integer("Created at or after this Unix time."), lte: integer("Created at or before this Unix time.") },
        [],
        "Filter on creation time.",
      ),
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
      "Returns the customer with its cus_ id; an email is strongly recommended so receipts can be sent.",
    inputSchema: obj({
      email: email("The customer's email address.", ["jo@example.com"]),
      name: text("Full name or business name."),
      phone: text("Phone number in E.164 format.", { pattern: "^\\+[1-9]\\d{1,14}$" }),
      description: text("Internal note; not shown to the customer."),
      address: obj(
        {
          line1: text("Street address."),
          line2: text("Apartment, suite or unit."),
          city: text("City or town."),
          state: text("State, county or province."),
          postal_code: text("ZIP or postal code."),
          country: text("Two-letter ISO country code.", { pattern: "^[A-Z]{2}$" }),
        },
        ["line1", "country"],
        "Billing address, used for tax calculation.",
      ),
      preferred_locales: strings("Preferred languages for emails and invoices, such as fr-FR, best first."),
      ...metadataField,
    }),
    execute: (input) => {
      const made: Customer = { ...input, id: id("cus"), object: "customer", currency: "eur", created, metadata: input.metadata ?? {} };
      customers.push(made);
      return made;
    },
  }),
  tool({
    name: "retrieve_customer",
    description:
      "Retrieve a customer by id, with email, name, default currency and metadata. " +
      "Use list_customers with an email when the id is unknown.",
    inputSchema: obj(customerField("Id of the customer (cus_…)."), ["customer"]),
    execute: onCustomer((_input, found) => found),
  }),
  tool({
    name: "create_payment_intent",
    description:
      "Create a PaymentIntent to charge a customer a given amount. " +
      "With confirm and a saved payment method the charge happens immediately; manual capture only authorises the amount.",
    inputSchema: obj(
      {
        ...amountField("Amount to charge."),
        ...customerField("Customer to charge (cus_…)."),
        payment_method: text("Saved payment method to charge (pm_…)."),
        payment_method_types: strings("Allowed payment method types, such as card or sepa_debit.", { examples: [["card"]] }),
        capture_method: choice(["automatic", "automatic_async", "manual"], "When the funds are captured.", "automatic"),
        confirm: flag("Confirm right away, charging the payment method.", false),
        description: text("Description shown in the Dashboard and on receipts."),
        receipt_email: email("Where to send the receipt."),
        ...metadataField,
      },
      ["amount", "currency"],
    ),
    destructive: true,
    tags: ["charge", "take payment", "bill"],
    execute: (input) => {
      if (input.customer !== undefined && !customers.some((c) => c.id === input.customer)) return notFound("Customer", input.customer);
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
      "List PaymentIntents, newest first, optionally only one customer's. " +
      "Each shows amount, currency, status and how much of it was refunded.",
    inputSchema: obj({ ...customerField("Only this customer's payments."), ...listParams }),
    tags: ["payments", "charges", "transactions"],
    execute: (input) => {
      const hits = intents.filter((i) => input.customer === undefined || i.customer === input.customer);
      hits.sort((a, b) => b.created - a.created);
      return stripeList("/v1/payment_intents", hits, input.limit, input.starting_after);
    },
  }),
  tool({
    name: "create_refund",
    description:
      "Refund a succeeded payment, in full or in part, back to the customer's original payment method. " +
      "Money leaves the account and the refund cannot be cancelled once it succeeds.",
    inputSchema: z.object({
      payment_intent: z.string().startsWith("pi_").describe("The PaymentIntent to refund.").meta({ examples: ["pi_3Order1003"] }),
      amount: z
        .number()
        .int()
        .positive()
        .optional()
        .describe("Amount to refund in the smallest currency unit; the full remaining amount when omitted."),
      reason: z.enum(["duplicate", "fraudulent", "requested_by_customer"]).optional().describe("Why the payment is refunded."),
      metadata: z.record(z.string(), z.string()).optional().describe("Key-value pairs to store on the refund."),
      refund_application_fee: z.boolean().default(false).describe("Also refund the Connect application fee."),
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
      "List the products in the catalogue with their default prices. " +
      "Products are what customers buy; their prices carry amount, currency and billing interval.",
    inputSchema: obj({ active: flag("Only active (or only archived) products."), ...listParams }),
    execute: (input) => {
      const hits = products.filter((p) => input.active === undefined || p.active === input.active);
      const withPrices = hits.map((p) => ({ ...p, prices: prices.filter((price) => price.product === p.id) }));
      return stripeList("/v1/products", withPrices, input.limit, input.starting_after);
    },
  }),
  tool({
    name: "create_price",
    description:
      "Create a price for a product: a one-off amount or a recurring amount per interval. " +
      "Prices cannot change amount later; create a new price and archive the old one instead.",
    inputSchema: obj(
      {
        product: text("Product the price belongs to (prod_…).", { examples: ["prod_Pro"] }),
        unit_amount: integer("Price in the smallest currency unit.", { minimum: 0, examples: [4900] }),
        currency: text("Three-letter ISO currency code, lower case.", { pattern: "^[a-z]{3}$", examples: ["eur"] }),
        recurring: obj(
          {
            interval: choice(["day", "week", "month", "year"], "Billing frequency."),
            interval_count: integer("Intervals between billings, such as 3 for quarterly.", { minimum: 1, maximum: 12, default: 1 }),
          },
          ["interval"],
          "Makes the price a subscription price; omit for one-off payments.",
        ),
        nickname: text("Internal name of the price."),
        lookup_key: text("A stable key to fetch the price by, such as pro_monthly_2025."),
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
        recurring: input.recurring ? { interval: input.recurring.interval, interval_count: input.recurring.interval_count ?? 1 } : null,
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
      "Billing starts at once unless there is a trial; with send_invoice the customer pays invoices by email.",
    inputSchema: obj(
      {
        ...customerField("Customer to subscribe (cus_…)."),
        items: list(
          obj(
            {
              price: text("Recurring price id (price_…).", { examples: ["price_ProYearly"] }),
              quantity: integer("Number of seats or units.", { minimum: 1, default: 1 }),
            },
            ["price"],
          ),
          "Prices to subscribe to.",
          { minItems: 1, maxItems: 20 },
        ),
        trial_period_days: integer("Days of free trial before the first charge.", { minimum: 0, maximum: 730 }),
        collection_method: choice(["charge_automatically", "send_invoice"], "How payment is collected.", "charge_automatically"),
        days_until_due: integer("With send_invoice, days the customer has to pay.", { minimum: 0 }),
        cancel_at_period_end: flag("End the subscription after the first period.", false),
        ...metadataField,
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
      "Optionally invoice outstanding usage and prorate a credit; to stop at the period end instead, update cancel_at_period_end.",
    inputSchema: obj(
      {
        subscription: text("Id of the subscription (sub_…).", { examples: ["sub_LeaPro"] }),
        invoice_now: flag("Invoice pending usage and proration right away.", false),
        prorate: flag("Credit the unused part of the current period.", false),
        cancellation_details: obj(
          {
            comment: text("Free-text reason from the customer."),
            feedback: choice(CANCELLATION_FEEDBACK, "Reason category."),
          },
          [],
          "Why the customer cancelled.",
        ),
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
      "Retrieve the account balance: funds available for payout and funds still pending, per currency. " +
      "Refunds and payouts draw on the available balance.",
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
