import { describe, expect, it } from "vitest";
import { afterOwnershipProof, mayChangeEmail, type OwnershipProof } from "./account-ownership.ts";

const KINDS: OwnershipProof[] = ["email_link", "password_reset", "lead_link", "verified_provider"];

describe("afterOwnershipProof", () => {
  it("leaves a proven account alone, whatever the proof", () => {
    for (const kind of KINDS) {
      for (const presentedOwnSession of [false, true]) {
        expect(afterOwnershipProof({ proven: true, hasPassword: true }, { kind, setsPassword: false, presentedOwnSession })).toMatchObject({
          markProven: false,
          endOtherAccess: false,
          clearPassword: false,
        });
      }
    }
  });

  it("ends every other way into an unproven account and clears the unproven password", () => {
    for (const kind of KINDS) {
      expect(afterOwnershipProof({ proven: false, hasPassword: true }, { kind, setsPassword: false, presentedOwnSession: false })).toEqual({
        markProven: true,
        endOtherAccess: true,
        keepSession: false,
        clearPassword: true,
      });
    }
  });

  it("keeps the password a reset sets", () => {
    expect(
      afterOwnershipProof({ proven: false, hasPassword: true }, { kind: "password_reset", setsPassword: true, presentedOwnSession: false }),
    ).toMatchObject({ endOtherAccess: true, clearPassword: false });
  });

  it("keeps the prover's own session and password when the inbox and the registration are the same browser", () => {
    expect(
      afterOwnershipProof({ proven: false, hasPassword: true }, { kind: "email_link", setsPassword: false, presentedOwnSession: true }),
    ).toEqual({ markProven: true, endOtherAccess: true, keepSession: true, clearPassword: false });
  });

  it("has no password to clear on a passwordless account", () => {
    expect(
      afterOwnershipProof(
        { proven: false, hasPassword: false },
        { kind: "verified_provider", setsPassword: false, presentedOwnSession: false },
      ).clearPassword,
    ).toBe(false);
  });
});

describe("mayChangeEmail", () => {
  it("only once the address is proven", () => {
    expect(mayChangeEmail({ proven: false })).toBe(false);
    expect(mayChangeEmail({ proven: true })).toBe(true);
  });
});
