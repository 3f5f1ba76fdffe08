import { eq, sql } from "drizzle-orm";
import { appSettings, type DatabaseHandle } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "./test/test-app.ts";
import { rows } from "./test/accounts.ts";

/** One transaction that every query of the handle joins (packages/db/src/shared-transaction.ts, decision 066). */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.executeSql("create table shared_tx_probe (name text primary key)");
});
afterAll(async () => database.close());

const names = async () => (await rows<{ name: string }>(database, "select name from shared_tx_probe order by name")).map((row) => row.name);
const insert = (name: string) => database.db.execute(sql`insert into shared_tx_probe (name) values (${name})`);

describe("a shared transaction", () => {
  it("commits what the Drizzle database and raw SQL wrote inside it, from any function, and only then runs what waits for the commit", async () => {
    const order: string[] = [];
    const deep = async () => database.executeSql("insert into shared_tx_probe (name) values ($1)", ["raw"]);
    await database.inOneTransaction(async () => {
      expect(database.inTransaction()).toBe(true);
      await insert("drizzle");
      await deep();
      database.afterCommit(() => order.push("after commit"));
      order.push("work done");
    });
    expect(order).toEqual(["work done", "after commit"]);
    expect(database.inTransaction()).toBe(false);
    expect(await names()).toEqual(["drizzle", "raw"]);
  });

  it("rolls everything back when the work throws, and never runs what waited for the commit", async () => {
    let ran = false;
    await expect(
      database.inOneTransaction(async () => {
        await insert("lost");
        await database.executeSql("insert into shared_tx_probe (name) values ($1)", ["lost too"]);
        database.afterCommit(() => (ran = true));
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(ran).toBe(false);
    expect(await names()).not.toContain("lost");
    expect(await names()).not.toContain("lost too");
  });

  it("makes a transaction opened inside a savepoint: its rollback leaves the rest", async () => {
    await database.inOneTransaction(async () => {
      await insert("kept");
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into shared_tx_probe (name) values ('inner')`);
          throw new Error("inner fails");
        })
        .catch(() => undefined);
    });
    expect(await names()).toContain("kept");
    expect(await names()).not.toContain("inner");
  });

  it("keeps work that outlives it out: a query after the commit goes to the database on its own", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let later: Promise<unknown> = Promise.resolve();
    await database.inOneTransaction(async () => {
      // Started inside, run once the transaction has ended.
      later = gate.then(() => insert("afterwards"));
    });
    open();
    await later;
    expect(await names()).toContain("afterwards");
    // Reads outside see the settings as usual (the handle's own database).
    expect((await database.db.select().from(appSettings).where(eq(appSettings.key, "none"))).length).toBe(0);
  });
});
