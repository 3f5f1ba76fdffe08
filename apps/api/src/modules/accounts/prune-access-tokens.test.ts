import { accessTokens, accountCodes, users, type DatabaseHandle } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../app.ts";
import { jobDefinitions } from "../../jobs/index.ts";
import { createTestDatabase, testConfig } from "../../test/test-app.ts";
import { PRUNE_ACCESS_TOKENS_JOB } from "./accounts.service.ts";
import { DAY_MS } from "@serene/domain";

let database: DatabaseHandle;
let services: ReturnType<typeof createServices>;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({ config: testConfig(), database });
});
afterAll(async () => {
  await services.close();
  await database.close();
});

describe("the nightly session clean-up", () => {
  it("deletes expired tokens and spent codes, and keeps live ones", async () => {
    const [user] = await database.db.insert(users).values({ name: "Prune", email: "prune@example.com", passwordHash: null }).returning();
    const now = Date.now();
    await database.db.insert(accessTokens).values([
      { userId: user!.id, tokenHash: "expired", expiresAt: new Date(now - 1000) },
      { userId: user!.id, tokenHash: "live", expiresAt: new Date(now + DAY_MS) },
    ]);
    await database.db.insert(accountCodes).values([
      {
        userId: user!.id,
        purpose: "password_reset",
        codeHash: "used-long-ago",
        expiresAt: new Date(now + DAY_MS),
        usedAt: new Date(now - 2 * DAY_MS),
      },
      { userId: user!.id, purpose: "password_reset", codeHash: "expired-long-ago", expiresAt: new Date(now - 2 * DAY_MS) },
      {
        userId: user!.id,
        purpose: "tmp_login",
        codeHash: "used-just-now",
        expiresAt: new Date(now + DAY_MS),
        usedAt: new Date(now - 1000),
      },
      { userId: user!.id, purpose: "account_removal", codeHash: "waiting", expiresAt: new Date(now + DAY_MS) },
    ]);

    const job = jobDefinitions(services).find((definition) => definition.name === PRUNE_ACCESS_TOKENS_JOB)!;
    expect(job.cron).toBe("37 3 * * *");
    expect(await job.handler({})).toEqual({ tokens: 1, codes: 2 });

    const tokens = (await database.db.select().from(accessTokens)).map((row) => row.tokenHash);
    expect(tokens).toEqual(["live"]);
    const codes = (await database.db.select().from(accountCodes)).map((row) => row.codeHash).sort();
    expect(codes).toEqual(["used-just-now", "waiting"]);
  });
});
