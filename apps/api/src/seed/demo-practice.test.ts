import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts.ts";
import { seedDemoPractice } from "./demo-practice.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.database.db);
});
afterAll(async () => t.app.close());

const premium = DEMO_ACCOUNTS.find((account) => account.premium)!;

async function signIn() {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/user/token",
    payload: { login: premium.email, password: premium.password, device_name: "test" },
  });
  return { authorization: `Bearer ${response.json().token as string}` };
}

describe("the premium demo member's practice", () => {
  it("is made once, and the profile shows it: figures, the last five days in a row, notes and earned badges", async () => {
    const made = await seedDemoPractice(t.database.db);
    expect(made).toBeGreaterThan(60);
    expect(await seedDemoPractice(t.database.db)).toBe(0);

    const headers = await signIn();
    const stats = (await t.app.inject({ url: "/api/v1/user/sessions?tz=UTC", headers })).json().data;
    expect(stats.total_sessions).toBe(made);
    expect(stats.mindful_days).toBeGreaterThan(60);
    expect(stats.total_streak).toBeGreaterThanOrEqual(5);
    const notes = (await t.app.inject({ url: "/api/v1/user/notes", headers })).json();
    expect(notes.meta.total).toBe(2);
    const badges = (await t.app.inject({ url: "/api/v1/user/achievements", headers })).json().data as {
      machine_name: string;
      isReceived: boolean;
    }[];
    const received = badges.filter((badge) => badge.isReceived).map((badge) => badge.machine_name);
    expect(received).toEqual(expect.arrayContaining(["add_a_favorite", "first_single", "note_taker", "the_basics"]));
  });
});
