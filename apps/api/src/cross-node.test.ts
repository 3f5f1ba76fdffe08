import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createDatabase, packages, type DatabaseHandle } from "@serene/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerIngestedItem } from "../../../content/ingest.repository.ts";
import { buildApp, createServices, type Services } from "./app.ts";
import { bearer, registerMember } from "./test/accounts.ts";
import { createTestDatabase, testConfig } from "./test/test-app.ts";

/**
 * Two API nodes on one database, as behind a load balancer: each with its own connections and its
 * own caches (on PGlite, one process can only share the one handle; the caches are still each node's).
 * What one node (or `content:ingest`) changes, the other shows within a second (decision 065).
 */
interface Node {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
}

let shared: DatabaseHandle;
const nodes: Node[] = [];

async function startNode(): Promise<Node> {
  const database =
    shared.driver === "postgres" ? await createDatabase({ driver: "postgres", url: shared.connectionString!, poolMax: 4 }) : shared;
  const config = testConfig();
  const services = createServices({ config, database });
  const app = await buildApp({ config, database, logger: false, services });
  await app.ready();
  const node = { app, services, database };
  nodes.push(node);
  return node;
}

let a: Node;
let b: Node;
beforeAll(async () => {
  shared = await createTestDatabase();
  a = await startNode();
  b = await startNode();
});
afterAll(async () => {
  for (const node of nodes) {
    await node.app.close();
    await node.services.close();
    if (node.database !== shared) await node.database.close();
  }
  await shared.close();
});

const WITHIN = { timeout: 1000, interval: 25 };

/** Adds an item carrying a new tag, as `content:ingest` does on its own connection (here node A's). */
const ingestTagged = (tag: string, name: string) =>
  registerIngestedItem(a.database, {
    slug: `${name.toLowerCase().replaceAll(" ", "-")}-${tag}`,
    model: "meditation-sleep",
    type: "Meditations",
    name,
    description: "A recorded walk by the water.",
    free: true,
    tags: [tag],
    media: { audio_female: `free/${tag}/audio-female` },
    streams: { [`free/${tag}/audio-female`]: { duration: 184.6, kind: "audio", bytes: 740_000 } },
  });

/** The tags node B lists to a member, by slug. */
async function tagsOn(node: Node, token: string): Promise<string[]> {
  const res = await node.app.inject({ url: "/api/v1/tags", headers: bearer(token) });
  return (res.json() as { data: { slug: string }[] }).data.map((tag) => tag.slug);
}

describe("a change on one node, read on another", () => {
  it("shows an item added on node A (or by content:ingest) on node B within a second", async () => {
    const member = await registerMember(b.app, b.database);
    const tagsOnB = () => tagsOn(b, member.token);
    const slug = `harbour-walks-${randomBytes(3).toString("hex")}`;
    expect(await tagsOnB()).not.toContain(slug); // B has its catalogue in memory now (kept 30 s)

    await ingestTagged(slug, "Evening Harbour");
    await expect.poll(tagsOnB, WITHIN).toContain(slug);
  });

  it.runIf(process.env.TEST_DB_DRIVER === "postgres")(
    "listens again after its connection is cut, and drops what it kept (a change may have been missed meanwhile)",
    async () => {
      const member = await registerMember(b.app, b.database);
      const tagsOnB = () => tagsOn(b, member.token);
      const slug = `quiet-shore-${randomBytes(3).toString("hex")}`;
      expect(await tagsOnB()).not.toContain(slug);
      const cut = await shared.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`,
      );
      expect(cut.rows.length).toBeGreaterThanOrEqual(2); // both nodes' listening connections
      // The item arrives while nobody listens: only the drop after listening again can show it.
      await ingestTagged(slug, "Quiet Shore");
      await expect.poll(tagsOnB, { timeout: 5000, interval: 50 }).toContain(slug);
    },
  );

  it("ends a sign-in on node B as soon as it is revoked on node A", async () => {
    const member = await registerMember(a.app, a.database);
    expect((await b.app.inject({ url: "/api/v1/user", headers: bearer(member.token) })).statusCode).toBe(200);
    expect((await a.app.inject({ method: "DELETE", url: "/api/v1/user/token", headers: bearer(member.token) })).statusCode).toBeLessThan(
      300,
    );
    expect((await b.app.inject({ url: "/api/v1/user", headers: bearer(member.token) })).statusCode).toBe(401);
  });

  it("answers a changed price on node B at once", async () => {
    const priceOnB = async () => {
      const list = (await b.app.inject({ url: "/api/v1/package/web" })).json() as { data: { id: number; amount: string | number }[] };
      return list.data.find((pkg) => pkg.id === 1)?.amount;
    };
    const before = await priceOnB();
    const [row] = await a.database.db.select().from(packages).where(eq(packages.id, 1));
    await a.database.db
      .update(packages)
      .set({ amountCents: row!.amountCents + 100 })
      .where(eq(packages.id, 1));
    try {
      expect(await priceOnB()).not.toEqual(before);
    } finally {
      await a.database.db.update(packages).set({ amountCents: row!.amountCents }).where(eq(packages.id, 1));
    }
  });
});
