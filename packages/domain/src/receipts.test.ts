import { describe, expect, it } from "vitest";
import {
  longDate,
  receiptItem,
  receiptReference,
  RESUME_ENDED_MESSAGE,
  RESUME_NOTHING_MESSAGE,
  RESUME_WALLET_MESSAGE,
  resumeRefusal,
} from "./receipts.ts";
import { applyEvents, lifecycleFromJson, lifecycleToJson, type LifecycleEvent, type LifecycleState } from "./subscription-lifecycle.ts";
import { DAY_MS } from "./time.ts";

const t0 = new Date("2026-03-10T09:00:00Z");
const day = (n: number) => new Date(t0.getTime() + n * DAY_MS);
let counter = 0;
const id = () => `evt_${++counter}`;
const start = (trial = false): LifecycleEvent => ({ type: "started", id: id(), at: t0, plan: "monthly", trial });
const cancel = (at: Date): LifecycleEvent => ({ type: "cancel_requested", id: id(), at });
const resume = (at: Date): LifecycleEvent => ({ type: "resumed", id: id(), at });
const run = (...events: LifecycleEvent[]): LifecycleState => {
  const { state, errors } = applyEvents(null, events);
  expect(errors).toEqual([]);
  return state!;
};

describe("resuming a cancelled subscription (lifecycle)", () => {
  it("takes the cancellation back: billing goes on as before", () => {
    const state = run(start(), cancel(day(3)), resume(day(4)));
    expect(state).toMatchObject({ status: "active", cancelAtPeriodEnd: false, trial: false });
  });

  it("brings a cancelled trial back to trialing", () => {
    expect(run(start(true), cancel(day(2)), resume(day(3)))).toMatchObject({ status: "trialing", cancelAtPeriodEnd: false });
  });

  it("lets a later cancellation count again", () => {
    expect(run(start(), cancel(day(2)), resume(day(3)), cancel(day(5)))).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true });
  });

  it("ends in the same state whatever order the events arrive in", () => {
    const events = [start(), cancel(day(2)), resume(day(3)), cancel(day(5)), resume(day(6))];
    const inOrder = run(...events).status;
    const [first, ...rest] = events;
    for (const order of [rest.slice().reverse(), [rest[2]!, rest[0]!, rest[3]!, rest[1]!], [rest[3]!, rest[1]!, rest[0]!, rest[2]!]]) {
      const { state } = applyEvents(null, [first!, ...order]);
      expect(state!.status).toBe(inOrder);
    }
    expect(inOrder).toBe("active");
  });

  it("ignores a replayed resume and refuses one after the period ended", () => {
    const event = resume(day(4));
    const once = run(start(), cancel(day(3)), event);
    const { state } = applyEvents(once, [event]);
    expect(state).toBe(once);
    const { errors } = applyEvents(run(start(), cancel(day(3))), [resume(day(40))]);
    expect(errors[0]!.error).toMatch(/period has ended/);
  });

  it("reads a state stored before resuming existed", () => {
    const stored = lifecycleToJson(run(start(), cancel(day(3))));
    delete (stored.facts as Record<string, unknown>).lastResumeAt;
    const { state, errors } = applyEvents(lifecycleFromJson(stored), [resume(day(4))]);
    expect(errors).toEqual([]);
    expect(state!.status).toBe("active");
  });
});

describe("resumeRefusal", () => {
  const now = day(5);
  it("allows a cancelled card subscription whose period runs", () => {
    expect(resumeRefusal(run(start(), cancel(day(3))), "stripe", now)).toBeNull();
    expect(resumeRefusal(run(start(true), cancel(day(1))), "stripe", day(6))).toBeNull();
  });
  it.each([
    ["no subscription", null, "stripe", now, RESUME_NOTHING_MESSAGE],
    ["a running subscription", run(start()), "stripe", now, RESUME_NOTHING_MESSAGE],
    ["a lifetime membership", run({ type: "lifetime_purchased", id: id(), at: t0 }), "stripe", now, RESUME_NOTHING_MESSAGE],
    ["a period that ended", run(start(), cancel(day(3))), "stripe", day(45), RESUME_ENDED_MESSAGE],
    ["a trial that ended", run(start(true), cancel(day(1))), "stripe", day(7), RESUME_ENDED_MESSAGE],
    ["a wallet subscription", run(start(), cancel(day(3))), "paypal", now, RESUME_WALLET_MESSAGE],
  ])("refuses %s", (_label, state, provider, at, message) => {
    expect(resumeRefusal(state, provider, at)).toBe(message);
  });
});

describe("receipts", () => {
  it("writes the reference from the day and the payment id", () => {
    expect(receiptReference("3f2a9c1d-0b7e-4c55-9a11-2b3c4d5e6f70", new Date("2026-11-26T23:59:00Z"))).toBe("SR-20261126-3F2A9C1D");
  });
  it("names what was bought", () => {
    expect(receiptItem({ months: 12, isLifetime: false })).toBe("Annual plan");
    expect(receiptItem({ months: 1, isLifetime: false })).toBe("Monthly plan");
    expect(receiptItem({ months: 3, isLifetime: false })).toBe("3-month plan");
    expect(receiptItem({ months: 0, isLifetime: true })).toBe("Lifetime access");
    expect(receiptItem(null)).toBe("Membership");
  });
  it("writes long dates in UTC", () => {
    expect(longDate(new Date("2026-02-01T00:30:00Z"))).toBe("1 February 2026");
  });
});
