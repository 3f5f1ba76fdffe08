import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { conflict, declined, DomainError, unavailable } from "../../../domain-errors.ts";
import type { PurchaseRow } from "../payments.repository.ts";
import { success } from "./context.ts";
import { createIdempotency, requestFingerprint, type PurchaseRequest } from "./idempotency.ts";

/**
 * The one idempotency rule of the payment commands, on an in-memory purchases table: a claim per
 * member and key, the stored answer replayed, another request refused, an outage left unanswered.
 * The API tests (card-purchases, wallet-purchases, subscription-changes, money-safety) hold the
 * same rule over the real table on both databases.
 */
type Row = Pick<PurchaseRow, "id" | "userId" | "idempotencyKey" | "fingerprint" | "status" | "response" | "responseStatus">;

function memoryPurchases() {
  const rows: Row[] = [];
  const repository = {
    async claimPurchase(input: { userId: string; idempotencyKey: string | null; fingerprint: string; status: string }) {
      if (rows.some((row) => row.userId === input.userId && row.status === "processing")) return { busy: true as const };
      const existing = rows.find(
        (row) => input.idempotencyKey && row.userId === input.userId && row.idempotencyKey === input.idempotencyKey,
      );
      if (existing?.status === "failed" && existing.response === null) {
        existing.status = "processing";
        return { claimed: existing as PurchaseRow };
      }
      if (existing) return { existing: existing as PurchaseRow };
      const row: Row = { id: `p${rows.length + 1}`, response: null, responseStatus: null, ...input };
      rows.push(row);
      return { claimed: row as PurchaseRow };
    },
    async transitionPurchase(id: string, from: string[], values: Partial<Row>) {
      const row = rows.find((candidate) => candidate.id === id && from.includes(candidate.status));
      if (row) Object.assign(row, values);
      return (row as PurchaseRow) ?? null;
    },
  };
  return { rows, once: createIdempotency(repository as never) };
}

const request = (body: unknown = { package_id: 1 }): PurchaseRequest => ({
  kind: "subscription",
  provider: "stripe",
  packageId: 1,
  checkoutId: null,
  body,
});
const bought = async () => success(null);

describe("the one idempotency rule of the payment commands", () => {
  it("runs a key once and replays its answer", async () => {
    const { rows, once } = memoryPurchases();
    let runs = 0;
    const run = async () => (runs++, success(null));
    const first = await once("m1", "k1", request(), run);
    const again = await once("m1", "k1", request(), run);
    expect(runs).toBe(1);
    expect(again.body).toEqual(first.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "succeeded", responseStatus: 200 });
  });

  it("refuses the same key with another request, and lets another member use it", async () => {
    const { once } = memoryPurchases();
    await once("m1", "k1", request(), bought);
    await expect(once("m1", "k1", request({ package_id: 2 }), bought)).rejects.toMatchObject({
      kind: "invalid",
      errors: { idempotency_key: expect.any(Array) },
    });
    await expect(once("m2", "k1", request({ package_id: 2 }), bought)).resolves.toBeDefined();
  });

  it("replays a refusal with its status, and never runs it again", async () => {
    const { once } = memoryPurchases();
    await expect(once("m1", "k1", request(), async () => Promise.reject(declined("Your card was declined.")))).rejects.toThrow("declined");
    let runs = 0;
    const replayed = await once("m1", "k1", request(), async () => (runs++, success(null))).catch((error: unknown) => error);
    expect(runs).toBe(0);
    expect(replayed).toBeInstanceOf(DomainError);
    expect(replayed).toMatchObject({ kind: "declined", message: "Your card was declined." });
  });

  it("leaves an outage unanswered, so the same key may try again", async () => {
    const { rows, once } = memoryPurchases();
    await expect(
      once("m1", "k1", request(), async () => Promise.reject(unavailable("Card payments are not available right now."))),
    ).rejects.toThrow();
    expect(rows[0]).toMatchObject({ status: "failed", response: null });
    await expect(once("m1", "k1", request(), bought)).resolves.toBeDefined();
    expect(rows).toHaveLength(1);
  });

  it("refuses a second purchase of the member while one is being processed", async () => {
    const { once } = memoryPurchases();
    let release = () => {};
    const first = once("m1", "k1", request(), () => new Promise((resolve) => (release = () => resolve(success(null)))));
    await expect(once("m1", "k2", request(), bought)).rejects.toEqual(
      conflict("Another purchase is being processed. Please wait a moment."),
    );
    release();
    await first;
  });

  it("fingerprints the kind, provider and body of the request", () => {
    expect(requestFingerprint(request())).toBe(requestFingerprint(request()));
    expect(requestFingerprint(request())).not.toBe(requestFingerprint({ ...request(), kind: "upgrade" }));
    expect(requestFingerprint(request())).not.toBe(requestFingerprint({ ...request(), provider: "paypal" }));
  });

  it("is the only place a payment command claims a purchase", () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), "..");
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? sources(join(dir, entry.name))
          : entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")
            ? [join(dir, entry.name)]
            : [],
      );
    const claiming = sources(root)
      .filter((file) => readFileSync(file, "utf8").includes(".claimPurchase("))
      .map((file) => file.slice(root.length + 1));
    expect(claiming).toEqual([join("commands", "idempotency.ts")]);
  });
});
