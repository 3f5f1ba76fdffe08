import {
  InvalidWebhookError,
  type Money,
  type ProviderEvent,
  type WalletCompletion,
  type WalletItem,
  type WalletProcessor,
} from "./ports.ts";

/**
 * PayPal as the wallet: subscriptions through PayPal Subscriptions (PayPal bills each renewal on
 * its own schedule and reports it by webhook), lifetime purchases as one-time Orders v2 captured
 * when the member comes back. Products and plans are created on first use; webhooks are checked
 * with PayPal's verify-webhook-signature call.
 */
export interface PayPalWalletConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** https://api-m.paypal.com, or https://api-m.sandbox.paypal.com for the PayPal sandbox. */
  apiUrl: string;
  /** Shown to the member on PayPal's approval pages. */
  brandName: string;
}

/** A refused PayPal call: PayPal's error name, message and detail issues (never the credentials). */
class PayPalApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly issues: string[];
  constructor(status: number, code: string | null, issues: string[], message: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

interface Link {
  href: string;
  rel: string;
}

type Json = Record<string, unknown>;

const REQUEST_TIMEOUT_MS = 20_000;
/** A cached access token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const WEBHOOK_HEADERS = [
  "paypal-transmission-id",
  "paypal-transmission-time",
  "paypal-transmission-sig",
  "paypal-cert-url",
  "paypal-auth-algo",
] as const;

export function createPayPalWallet(config: PayPalWalletConfig): WalletProcessor {
  const apiUrl = config.apiUrl.replace(/\/+$/, "");
  let token: { value: string; expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;
  let product: Promise<string> | null = null;
  const plans = new Map<string, Promise<string>>();

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const res = await fetch(`${apiUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await readJson(res);
    if (!res.ok || typeof body.access_token !== "string") {
      const reason = [body.error, body.error_description].filter((part) => typeof part === "string").join(": ");
      throw new PayPalApiError(
        res.status,
        null,
        [],
        `PayPal refused the access token request (${res.status})${reason ? `: ${reason}` : ""}`,
      );
    }
    const lifetimeMs = (typeof body.expires_in === "number" ? body.expires_in : 0) * 1000;
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return body.access_token;
  }

  /** The cached access token, or a new one (concurrent callers share one token request). */
  function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** One API call; a 401 (a token PayPal no longer accepts) gets a new token and one retry. */
  async function send(method: "GET" | "POST", path: string, options: { body?: unknown; requestId?: string } = {}) {
    const attempt = async (bearer: string) =>
      fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${bearer}`,
          Accept: "application/json",
          ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(options.requestId ? { "PayPal-Request-Id": options.requestId } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    const used = await accessToken();
    let res = await attempt(used);
    if (res.status === 401) {
      await res.body?.cancel();
      if (token?.value === used) token = null;
      res = await attempt(await accessToken());
    }
    return { status: res.status, body: await readJson(res) };
  }

  /** An API call that must succeed: anything but 2xx throws PayPal's error. */
  async function call(method: "GET" | "POST", path: string, options: { body?: unknown; requestId?: string } = {}): Promise<Json> {
    const res = await send(method, path, options);
    if (res.status < 200 || res.status >= 300) throw apiError(method, path, res.status, res.body);
    return res.body;
  }

  /** The catalog product every Serene plan belongs to (PayPal revises only between plans of one product). */
  function ensureProduct(): Promise<string> {
    product ??= call("POST", "/v1/catalogs/products", {
      requestId: "product-serene",
      body: { name: config.brandName, description: `${config.brandName} membership`, type: "SERVICE" },
    })
      .then((created) => stringField(created, "id", "product"))
      .catch((error: unknown) => {
        product = null;
        throw error;
      });
    return product;
  }

  /** The PayPal plan billing an item: created on first use, then reused for the life of the process. */
  function ensurePlan(item: WalletItem): Promise<string> {
    const key = `${item.packageId}-${item.money.amountCents}-${item.money.currency}-${item.trialDays}`;
    let plan = plans.get(key);
    if (!plan) {
      plan = ensureProduct()
        .then((productId) => call("POST", "/v1/billing/plans", { requestId: `plan-${key}`, body: planBody(productId, item) }))
        .then((created) => stringField(created, "id", "plan"))
        .catch((error: unknown) => {
          plans.delete(key);
          throw error;
        });
      plans.set(key, plan);
    }
    return plan;
  }

  function experience(returnUrl: string, cancelUrl: string, userAction: "SUBSCRIBE_NOW" | "PAY_NOW") {
    return {
      brand_name: config.brandName,
      user_action: userAction,
      shipping_preference: "NO_SHIPPING",
      return_url: returnUrl,
      cancel_url: cancelUrl,
    };
  }

  async function orderCompletion(orderId: string, idempotencyKey: string): Promise<WalletCompletion> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
    const capture = await send("POST", `${path}/capture`, { body: {}, requestId: idempotencyKey });
    if (capture.status >= 200 && capture.status < 300) return orderOutcome(capture.body);
    const issues = issuesOf(capture.body);
    if (capture.status === 422 && issues.includes("ORDER_ALREADY_CAPTURED")) return orderOutcome(await call("GET", path));
    if (capture.status === 422 && issues.includes("ORDER_NOT_APPROVED")) return { status: "pending" };
    throw apiError("POST", `${path}/capture`, capture.status, capture.body);
  }

  async function subscriptionCompletion(subscriptionId: string): Promise<WalletCompletion> {
    const subscription = await call("GET", `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`);
    switch (subscription.status) {
      case "ACTIVE":
        return { status: "approved", subscriptionId, paymentId: null };
      case "CANCELLED":
      case "EXPIRED":
      case "SUSPENDED":
        return { status: "canceled" };
      default:
        // APPROVAL_PENDING, or APPROVED until PayPal activates it.
        return { status: "pending" };
    }
  }

  async function verifiedEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<Json> {
    const transmission = Object.fromEntries(WEBHOOK_HEADERS.map((name) => [name, headerValue(headers, name)]));
    const missing = WEBHOOK_HEADERS.filter((name) => !transmission[name]);
    if (missing.length > 0) throw new InvalidWebhookError(`PayPal webhook without ${missing.join(", ")}`);
    let event: unknown;
    try {
      event = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new InvalidWebhookError("PayPal webhook body is not JSON");
    }
    if (!isObject(event) || typeof event.id !== "string" || typeof event.event_type !== "string") {
      throw new InvalidWebhookError("PayPal webhook body is not an event");
    }
    const path = "/v1/notifications/verify-webhook-signature";
    const res = await send("POST", path, {
      body: {
        auth_algo: transmission["paypal-auth-algo"],
        cert_url: transmission["paypal-cert-url"],
        transmission_id: transmission["paypal-transmission-id"],
        transmission_sig: transmission["paypal-transmission-sig"],
        transmission_time: transmission["paypal-transmission-time"],
        webhook_id: config.webhookId,
        webhook_event: event,
      },
    });
    // A request PayPal refuses to check is as good as a failed signature; its outages are not.
    if (res.status >= 400 && res.status < 500) throw new InvalidWebhookError(`PayPal refused to verify the webhook (${res.status})`);
    if (res.status < 200 || res.status >= 300) throw apiError("POST", path, res.status, res.body);
    if (res.body.verification_status !== "SUCCESS") throw new InvalidWebhookError("PayPal webhook signature did not verify");
    return event;
  }

  return {
    adapter: "paypal",

    async createCheckout({ reference, member, item, returnUrl, cancelUrl, idempotencyKey }) {
      if (item.months === 0) {
        const order = await call("POST", "/v2/checkout/orders", {
          requestId: idempotencyKey,
          body: {
            intent: "CAPTURE",
            purchase_units: [
              {
                custom_id: reference,
                description: item.name.slice(0, 127),
                amount: { currency_code: item.money.currency, value: decimal(item.money.amountCents) },
              },
            ],
            payment_source: { paypal: { experience_context: experience(returnUrl, cancelUrl, "PAY_NOW") } },
          },
        });
        const approvalUrl = linkOf(order, "payer-action") ?? linkOf(order, "approve");
        if (!approvalUrl) throw new Error("PayPal answered an order without an approval link");
        return { providerReference: stringField(order, "id", "order"), approvalUrl };
      }

      const planId = await ensurePlan(item);
      const subscription = await call("POST", "/v1/billing/subscriptions", {
        requestId: idempotencyKey,
        body: {
          plan_id: planId,
          custom_id: reference,
          subscriber: {
            email_address: member.email,
            ...(member.name.trim() ? { name: { given_name: member.name.trim().slice(0, 140) } } : {}),
          },
          application_context: experience(returnUrl, cancelUrl, "SUBSCRIBE_NOW"),
        },
      });
      const approvalUrl = linkOf(subscription, "approve");
      if (!approvalUrl) throw new Error("PayPal answered a subscription without an approval link");
      return { providerReference: stringField(subscription, "id", "subscription"), approvalUrl };
    },

    async completeCheckout({ providerReference, lifetime, idempotencyKey }) {
      return lifetime ? orderCompletion(providerReference, idempotencyKey) : subscriptionCompletion(providerReference);
    },

    async cancelSubscription(subscriptionId, reason) {
      const path = `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`;
      const res = await send("POST", path, { body: { reason: reason.slice(0, 127) || "Canceled by the member" } });
      if (res.status >= 200 && res.status < 300) return;
      // Already cancelled (or expired): nothing is billed any more.
      if (res.status === 422 && issuesOf(res.body).includes("SUBSCRIPTION_STATUS_INVALID")) return;
      throw apiError("POST", path, res.status, res.body);
    },

    async agreementStatus(subscriptionId) {
      const path = `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`;
      const res = await send("GET", path);
      if (res.status === 404) return "ended";
      if (res.status < 200 || res.status >= 300) throw apiError("GET", path, res.status, res.body);
      switch (res.body.status) {
        case "APPROVAL_PENDING":
          return "pending";
        case "CANCELLED":
        case "EXPIRED":
          return "ended";
        default:
          // APPROVED (PayPal activates it next), ACTIVE, or SUSPENDED (it bills again once reactivated).
          return "approved";
      }
    },

    async changePlan({ subscriptionId, item, returnUrl, cancelUrl }) {
      const planId = await ensurePlan(item);
      const revised = await call("POST", `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/revise`, {
        body: { plan_id: planId, application_context: { brand_name: config.brandName, return_url: returnUrl, cancel_url: cancelUrl } },
      });
      return { approvalUrl: linkOf(revised, "approve") };
    },

    async refund({ paymentId, money, idempotencyKey }) {
      // One endpoint for both kinds of payment: an order's capture and a subscription's sale (its transaction id).
      const path = `/v2/payments/captures/${encodeURIComponent(paymentId)}/refund`;
      const res = await send("POST", path, {
        requestId: idempotencyKey,
        body: { amount: { value: decimal(money.amountCents), currency_code: money.currency } },
      });
      if (res.status >= 200 && res.status < 300) {
        if (res.body.status === "CANCELLED" || res.body.status === "FAILED")
          return { status: "refused", message: "PayPal did not give the money back." };
        return { status: "succeeded", refundId: stringField(res.body, "id", "refund") };
      }
      // 422 (already refunded, more than is left, too old, disputed) and 404 (no such payment) are refusals for good.
      if (res.status === 422 || res.status === 404) {
        const issues = issuesOf(res.body);
        return { status: "refused", message: `PayPal refused the refund${issues.length > 0 ? ` (${issues.join(", ")})` : ""}.` };
      }
      throw apiError("POST", path, res.status, res.body);
    },

    async readWebhook(rawBody, headers) {
      const event = await verifiedEvent(rawBody, headers);
      return eventOf(event);
    },
  };
}

/** A PayPal plan: an optional free trial of `trialDays` days, then the price every `months` months until cancelled. */
function planBody(productId: string, item: WalletItem) {
  const trial =
    item.trialDays > 0
      ? [
          {
            frequency: { interval_unit: "DAY", interval_count: item.trialDays },
            tenure_type: "TRIAL",
            sequence: 1,
            total_cycles: 1,
            pricing_scheme: { fixed_price: { value: "0.00", currency_code: item.money.currency } },
          },
        ]
      : [];
  return {
    product_id: productId,
    name: item.name.slice(0, 127),
    status: "ACTIVE",
    billing_cycles: [
      ...trial,
      {
        frequency: { interval_unit: "MONTH", interval_count: item.months },
        tenure_type: "REGULAR",
        sequence: trial.length + 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { value: decimal(item.money.amountCents), currency_code: item.money.currency } },
      },
    ],
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
  };
}

/** A captured (or looked-up) order in the product's terms. */
function orderOutcome(order: Json): WalletCompletion {
  if (order.status === "VOIDED") return { status: "canceled" };
  if (order.status !== "COMPLETED") return { status: "pending" };
  const units = Array.isArray(order.purchase_units) ? order.purchase_units : [];
  const captures = units.flatMap((unit: unknown) => {
    const payments = isObject(unit) && isObject(unit.payments) ? unit.payments : {};
    return Array.isArray(payments.captures) ? payments.captures.filter(isObject) : [];
  });
  const capture = captures[0];
  if (!capture || typeof capture.id !== "string") throw new Error("PayPal answered a completed order without its capture");
  // A declined capture took no money; one PayPal is still clearing (an eCheck) counts as paid.
  if (capture.status === "DECLINED" || capture.status === "FAILED") return { status: "canceled" };
  return { status: "approved", subscriptionId: null, paymentId: capture.id };
}

/** A verified PayPal event in the product's terms. */
function eventOf(event: Json): ProviderEvent {
  const eventId = event.id as string;
  const type = event.event_type as string;
  const created = typeof event.create_time === "string" ? new Date(event.create_time) : new Date(Number.NaN);
  const at = Number.isNaN(created.getTime()) ? new Date() : created;
  const resource = isObject(event.resource) ? event.resource : {};
  const resourceId = typeof resource.id === "string" ? resource.id : null;
  const ignored: ProviderEvent = { eventId, at, kind: "ignored", type };

  switch (type) {
    case "PAYMENT.SALE.COMPLETED": {
      // A renewal (or first payment) of a subscription; other sales are not the product's.
      const subscriptionId = typeof resource.billing_agreement_id === "string" ? resource.billing_agreement_id : null;
      if (!subscriptionId || !resourceId) return ignored;
      return { eventId, at, kind: "subscription_charged", subscriptionId, paymentId: resourceId, money: moneyOf(resource.amount) };
    }
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED":
      return resourceId ? { eventId, at, kind: "subscription_charge_failed", subscriptionId: resourceId } : ignored;
    case "BILLING.SUBSCRIPTION.CANCELLED":
      return resourceId ? { eventId, at, kind: "subscription_canceled", subscriptionId: resourceId } : ignored;
    case "BILLING.SUBSCRIPTION.SUSPENDED":
      return resourceId ? { eventId, at, kind: "subscription_suspended", subscriptionId: resourceId } : ignored;
    default:
      return ignored;
  }
}

/** A sale's `{ total: "9.99", currency: "USD" }` in cents. */
function moneyOf(amount: unknown): Money | null {
  if (!isObject(amount) || typeof amount.total !== "string" || typeof amount.currency !== "string") return null;
  const value = Number(amount.total);
  if (!Number.isFinite(value)) return null;
  return { amountCents: Math.round(value * 100), currency: amount.currency };
}

/** Cents as PayPal's decimal string: 999 → "9.99". */
function decimal(amountCents: number): string {
  const cents = Math.round(amountCents);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (first?.trim()) return first.trim();
  }
  return undefined;
}

function linkOf(resource: Json, rel: string): string | null {
  const links = Array.isArray(resource.links) ? (resource.links as unknown[]) : [];
  const link = links.find(
    (candidate): candidate is Link => isObject(candidate) && candidate.rel === rel && typeof candidate.href === "string",
  );
  return link?.href ?? null;
}

function stringField(resource: Json, field: string, what: string): string {
  const value = resource[field];
  if (typeof value !== "string" || !value) throw new Error(`PayPal answered a ${what} without its ${field}`);
  return value;
}

function issuesOf(body: Json): string[] {
  const details = Array.isArray(body.details) ? body.details : [];
  return details.flatMap((detail: unknown) => (isObject(detail) && typeof detail.issue === "string" ? [detail.issue] : []));
}

function apiError(method: string, path: string, status: number, body: Json): PayPalApiError {
  const code = typeof body.name === "string" ? body.name : null;
  const issues = issuesOf(body);
  const message = typeof body.message === "string" ? body.message : null;
  const parts = [code, message, issues.length > 0 ? `(${issues.join(", ")})` : null].filter(Boolean).join(" ");
  return new PayPalApiError(status, code, issues, `PayPal ${method} ${path} failed (${status})${parts ? `: ${parts}` : ""}`);
}

async function readJson(res: Response): Promise<Json> {
  const text = await res.text();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
