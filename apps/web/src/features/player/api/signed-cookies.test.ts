import { beforeEach, describe, expect, it } from "vitest";
import { endSession, startSession } from "../../../lib/session";
import { mockApi } from "../../../test/render";
import { ensureSignedCookies, forgetSignedCookies } from "./signed-cookies";

const COOKIES = "GET user/cloudfront-cookies";

describe("the media's signed cookie set", () => {
  beforeEach(() => forgetSignedCookies());

  const serve = () => mockApi({ [COOKIES]: [200, { expires_at: new Date(Date.now() + 3_600_000).toISOString() }] });

  it("is asked for once while it lasts", async () => {
    const api = serve();
    await ensureSignedCookies();
    await ensureSignedCookies();
    expect(api.named(COOKIES)).toHaveLength(1);
  });

  it("is asked for again after a sign-in or a log-out, whose answers expired the browser's cookies", async () => {
    const api = serve();
    startSession("first-member");
    await ensureSignedCookies();
    endSession();
    await ensureSignedCookies();
    expect(api.named(COOKIES)).toHaveLength(2);
    startSession("next-member");
    await ensureSignedCookies();
    expect(api.named(COOKIES)).toHaveLength(3);
  });
});
