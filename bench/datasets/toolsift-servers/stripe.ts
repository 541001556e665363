import { defineServer, tool } from "./define-server.js";
import { bool, cursorParams, int, list, obj, oneOf, str, stringMap } from "./schema.js";

const customer = str("Customer ID (cus_…).");
const amount = int("Amount in the smallest currency unit, e.g. cents.", { minimum: 1 });
const currency = str("Three-letter ISO currency code, lowercase.", { default: "usd" });
const metadata = stringMap("Up to 50 key-value pairs for your own reference.");
const stripeList = cursorParams(100, "starting_after");

const tools = [
  tool(
    "create_customer",
    "Create a Stripe customer with email, name, phone, address and metadata. Returns the customer ID (cus_...) for later charges and subscriptions.",
    {
      "email?": str("Customer email."),
      "name?": str("Full name or business name."),
      "phone?": str("Phone number."),
      "address?": obj(
        {
          "line1?": str("Street."),
          "city?": str("City."),
          "postal_code?": str("ZIP or postcode."),
          "country?": str("Two-letter country code."),
        },
        "Billing address.",
      ),
      "metadata?": metadata,
    },
  ),
  tool(
    "list_customers",
    "List Stripe customers, newest first, optionally filtered by exact email. Matching on email is case-sensitive.",
    { "email?": str("Exact email match."), ...stripeList },
  ),
  tool(
    "create_payment_intent",
    "Create a Stripe PaymentIntent to collect a payment of a given amount and currency, optionally confirming it at once with a saved payment method. Returns a client_secret for completing the payment in the browser.",
    {
      amount,
      currency,
      "customer?": customer,
      "payment_method?": str("PaymentMethod ID to charge."),
      "confirm?": bool("Confirm immediately."),
      "capture_method?": oneOf(["automatic", "manual"], "Manual to authorize now and capture later."),
      "description?": str("Shown in the Dashboard."),
      "metadata?": metadata,
    },
  ),
  tool(
    "create_refund",
    "Refund a Stripe charge or PaymentIntent, fully or partially. Refunds take 5-10 business days to reach the card holder.",
    {
      "payment_intent?": str("PaymentIntent ID (pi_…)."),
      "charge?": str("Charge ID (ch_…)."),
      "amount?": int("Partial amount in cents; full refund when omitted."),
      "reason?": oneOf(["duplicate", "fraudulent", "requested_by_customer"], "Refund reason."),
    },
  ),
  tool(
    "list_charges",
    "List Stripe charges with amount, status, failure code and card brand, filterable by customer and creation date. Failed charges are included with their decline code.",
    {
      "customer?": customer,
      "created_gte?": int("Unix time lower bound."),
      "created_lte?": int("Unix time upper bound."),
      ...stripeList,
    },
  ),
  tool(
    "create_subscription",
    "Subscribe a Stripe customer to one or more recurring prices, with optional trial and coupon. The first invoice is created and, with automatic collection, charged at once.",
    {
      customer,
      items: list(
        obj({ price: str("Price ID (price_…)."), "quantity?": int("Quantity.", { default: 1 }) }),
        "Subscription items.",
        { minItems: 1 },
      ),
      "trial_period_days?": int("Free trial length."),
      "coupon?": str("Coupon ID."),
      "collection_method?": oneOf(["charge_automatically", "send_invoice"], "How to collect."),
    },
  ),
  tool(
    "cancel_subscription",
    "Cancel a Stripe subscription now or at the end of the current billing period. Canceled subscriptions cannot be reactivated.",
    {
      subscription: str("Subscription ID (sub_…)."),
      "at_period_end?": bool("Cancel when the period ends instead of immediately."),
      "prorate?": bool("Credit unused time."),
    },
  ),
  tool(
    "create_invoice",
    "Create a draft Stripe invoice for a customer from pending invoice items, to be finalized and sent. Add line items before finalizing.",
    {
      customer,
      "collection_method?": oneOf(["charge_automatically", "send_invoice"], "How to collect."),
      "days_until_due?": int("Required with send_invoice."),
      "description?": str("Memo on the invoice."),
    },
  ),
  tool(
    "finalize_and_send_invoice",
    "Finalize a draft Stripe invoice and email it to the customer with a hosted payment link. A finalized invoice can no longer be edited, only voided.",
    {
      invoice: str("Invoice ID (in_…)."),
    },
  ),
  tool(
    "list_invoices",
    "List Stripe invoices filtered by customer, subscription or status (draft, open, paid, uncollectible, void). Amounts are in the smallest currency unit.",
    {
      "customer?": customer,
      "status?": oneOf(["draft", "open", "paid", "uncollectible", "void"], "Invoice status."),
      ...stripeList,
    },
  ),
  tool(
    "create_product",
    "Create a Stripe product (something you sell) with an optional default one-off or recurring price. Returns the product and price IDs.",
    {
      name: str("Product name."),
      "description?": str("Shown to customers."),
      "default_price?": obj(
        { unit_amount: amount, currency, "interval?": oneOf(["day", "week", "month", "year"], "Recurring interval.") },
        "Price to create with it.",
      ),
    },
  ),
  tool(
    "get_balance",
    "Retrieve the Stripe account balance: available and pending amounts per currency. Amounts are in the smallest currency unit.",
    {},
  ),
  tool(
    "create_payment_link",
    "Create a shareable Stripe Payment Link for one or more prices; customers pay on a Stripe-hosted page. The link never expires unless deactivated.",
    {
      line_items: list(obj({ price: str("Price ID."), quantity: int("Quantity.") }), "What the link sells."),
      "allow_promotion_codes?": bool("Let customers enter promo codes."),
      "after_completion_url?": str("Where to send customers after paying."),
    },
  ),
];

export const stripe = defineServer("stripe", tools, {
  direct: {
    create_customer: ["create a stripe customer for jane@example.com"],
    create_payment_intent: ["create a payment intent for 49.99 usd for customer cus_N1"],
    create_refund: ["refund the stripe payment pi_3Lx as requested by customer"],
    create_subscription: ["create a stripe subscription to the pro monthly price with a 14 day trial"],
    cancel_subscription: ["cancel subscription sub_1Q at period end"],
    list_invoices: ["list open stripe invoices"],
    get_balance: ["what is my stripe balance"],
    create_payment_link: ["create a payment link for the workshop ticket price"],
  },
  paraphrase: {
    list_customers: ["do we already have jane@example.com on file as a payer"],
    create_refund: [
      "give jane her money back for the duplicate order, pi_3Lx",
      "a customer says she paid twice for the same order last tuesday, give back the second one, pi_3Mz",
    ],
    list_charges: ["which payments bounced yesterday"],
    create_subscription: ["put cus_N1 on the pro monthly plan, two weeks free"],
    cancel_subscription: ["stop charging acme for pro after this month"],
    create_invoice: ["bill acme for the consulting hours, due in 30 days"],
    finalize_and_send_invoice: ["get in_1PX out to the client so they can pay it online"],
    create_product: ["start offering a $29 ebook through our processor"],
    get_balance: ["how much cash is sitting with our processor waiting to be paid out"],
  },
});
