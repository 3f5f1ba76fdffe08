import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { FREE_STATUS } from "../../../test/account-status";
import { memberDataAfterPurchase, paymentKeys } from "./payment";

describe("payment keys", () => {
  it("refresh the member's data after a purchase but never run a payment call again", async () => {
    const client = new QueryClient();
    client.setQueryData(["user", "account-status"], FREE_STATUS);
    client.setQueryData(paymentKeys.walletReturn("k-1"), { message: "done" });
    client.setQueryData(paymentKeys.setupIntent(), { client_secret: "s" });
    await client.invalidateQueries({ ...memberDataAfterPurchase, refetchType: "none" });
    expect(client.getQueryState(["user", "account-status"])?.isInvalidated).toBe(true);
    expect(client.getQueryState(paymentKeys.walletReturn("k-1"))?.isInvalidated).toBe(false);
    expect(client.getQueryState(paymentKeys.setupIntent())?.isInvalidated).toBe(false);
  });
});
