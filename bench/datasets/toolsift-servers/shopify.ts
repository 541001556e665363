import { defineServer, tool } from "./define-server.js";
import { bool, cursorParams, int, list, num, obj, oneOf, str } from "./schema.js";

const orderId = str("Order ID or the order name like `#1042`.");

const tools = [
  tool(
    "list_products",
    "List products in the Shopify store with title, status, vendor, variants, prices and inventory. Archived products are included unless filtered out.",
    {
      "query?": str("Search syntax, e.g. `title:hoodie status:active`."),
      "collection_id?": str("Only products in this collection."),
      ...cursorParams(250, "after", "first"),
    },
  ),
  tool(
    "create_product",
    "Create a Shopify product with variants, options (size, color), prices, images and tags. New products start as drafts unless status is active.",
    {
      title: str("Product title."),
      "body_html?": str("Product description as HTML."),
      "vendor?": str("Vendor or brand."),
      "product_type?": str("Product type for grouping."),
      "tags?": list(str("Tag."), "Tags."),
      "variants?": list(
        obj({ "option1?": str("First option value."), price: str("Price as a decimal string."), "sku?": str("SKU.") }),
        "Variants.",
      ),
      "status?": oneOf(["active", "draft", "archived"], "Publication status.", { default: "draft" }),
    },
  ),
  tool(
    "update_product",
    "Update a Shopify product's title, description, tags, status or variant prices. Fields not given are left as they are.",
    {
      product_id: str("Product ID."),
      "title?": str("New title."),
      "body_html?": str("New description."),
      "tags?": list(str("Tag."), "Replacement tags."),
      "status?": oneOf(["active", "draft", "archived"], "Status."),
    },
  ),
  tool(
    "set_inventory_level",
    "Set the available inventory quantity of a variant at a location in Shopify. The location must already carry the item.",
    {
      inventory_item_id: str("Inventory item ID of the variant."),
      location_id: str("Location ID."),
      available: int("New available quantity."),
    },
  ),
  tool(
    "list_orders",
    "List Shopify orders filtered by financial status, fulfillment status and date. Only the last 60 days are available without the read_all_orders scope.",
    {
      "status?": oneOf(["open", "closed", "cancelled", "any"], "Order status.", { default: "open" }),
      "financial_status?": oneOf(
        ["pending", "paid", "partially_refunded", "refunded", "voided", "any"],
        "Payment status.",
      ),
      "fulfillment_status?": oneOf(["shipped", "partial", "unshipped", "any"], "Fulfillment status."),
      "created_at_min?": str("ISO 8601 lower bound."),
      ...cursorParams(250, "after", "first"),
    },
  ),
  tool(
    "get_order",
    "Get one Shopify order with line items, customer, shipping address, payment and fulfillment details. Accepts either the numeric ID or the order name shown to customers.",
    { order_id: orderId },
  ),
  tool(
    "fulfill_order",
    "Mark a Shopify order (or some of its line items) as fulfilled with a tracking number and carrier, and notify the customer. Partially fulfilled orders can be fulfilled again for the remaining items.",
    {
      order_id: orderId,
      "tracking_number?": str("Tracking number."),
      "tracking_company?": str("Carrier, e.g. `UPS`, `DHL Express`."),
      "notify_customer?": bool("Send the shipping confirmation email.", { default: true }),
      "line_item_ids?": list(str("Line item ID."), "Partial fulfillment."),
    },
  ),
  tool(
    "cancel_order",
    "Cancel a Shopify order, optionally restocking items and refunding the payment. Orders that are already fulfilled cannot be canceled.",
    {
      order_id: orderId,
      "reason?": oneOf(["customer", "fraud", "inventory", "declined", "other"], "Cancellation reason."),
      "restock?": bool("Return items to inventory."),
      "refund?": bool("Refund the full amount."),
    },
  ),
  tool(
    "create_discount_code",
    "Create a Shopify discount code giving a percentage or fixed amount off, with usage limits and dates. Codes are case-insensitive at checkout.",
    {
      code: str("The code customers type."),
      value_type: oneOf(["percentage", "fixed_amount"], "Kind of discount."),
      value: num("Percent (e.g. 15) or amount off."),
      "starts_at?": str("ISO 8601 start."),
      "ends_at?": str("ISO 8601 end."),
      "usage_limit?": int("Total uses allowed."),
      "minimum_subtotal?": num("Minimum order subtotal."),
    },
  ),
  tool(
    "search_customers",
    "Search Shopify customers by name, email, phone or tag, with order count and total spent. Returns up to 250 customers per page.",
    {
      query: str("e.g. `email:jane@example.com` or `tag:vip`."),
      ...cursorParams(250, "after", "first"),
    },
  ),
  tool(
    "refund_order",
    "Refund line items or shipping on a Shopify order back to the original payment method. Partial refunds are allowed.",
    {
      order_id: orderId,
      "line_items?": list(
        obj({ line_item_id: str("Line item ID."), quantity: int("Quantity to refund.") }),
        "Items to refund.",
      ),
      "refund_shipping?": bool("Also refund shipping costs."),
      "note?": str("Internal note."),
    },
  ),
];

export const shopify = defineServer("shopify", tools, {
  direct: {
    list_products: ["list active shopify products from vendor Northwind"],
    create_product: ["create a shopify product 'Winter Hoodie' with sizes S, M and L at 59.00"],
    list_orders: ["list unshipped shopify orders from this week"],
    fulfill_order: ["fulfill order #1042 with UPS tracking number 1Z999"],
    create_discount_code: ["create a 15% discount code SPRING15 for the shopify store"],
    refund_order: ["refund the shipping on shopify order #1038"],
  },
  paraphrase: {
    list_products: ["what hoodies do we sell in our storefront right now"],
    update_product: ["retag the winter hoodie as sale and hide it from the storefront"],
    set_inventory_level: ["we counted 40 blue mugs at the warehouse, correct the stock"],
    get_order: ["where is #1042 going and what did they buy"],
    fulfill_order: ["#1042 shipped via DHL, code JD0142, email the buyer"],
    cancel_order: ["#1050 looks like a scam, call it off and put the stuff back on the shelf"],
    create_discount_code: ["make a SPRING15 coupon for 15 percent off in the storefront"],
    search_customers: ["look up the VIP shoppers in our storefront and their lifetime value"],
  },
});
