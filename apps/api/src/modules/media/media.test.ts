import { readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { connect } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, login, randomIp, registerMember, uniqueEmail, type Member } from "../../test/accounts.ts";
import { getAs, TINY_PLAYLIST, tinyMediaDir } from "../../test/content.ts";
import {
  createSignedMediaApp,
  expectFreeAndLockedFolders,
  FREE,
  FREE_PATH,
  LOCKED,
  LOCKED_PATH,
  freeAndPayingMembers,
  jarOf,
  type Jar,
  KEY_PAIR_ID,
  MEDIA,
  SIGNING_KEY as key,
} from "../../test/signed-media.ts";
import { testConfig, type TestApp } from "../../test/test-app.ts";
import { createMediaAccess } from "./media-access.service.ts";
import { mediaTypeOf } from "./media.routes.ts";
import { COOKIE_NAMES, fromCloudFrontBase64, signCookies } from "./signed-cookies.ts";

let dir: string;
let t: TestApp;
let free: Member;
let premium: Member;

beforeAll(async () => {
  expectFreeAndLockedFolders();
  dir = tinyMediaDir([FREE_PATH, LOCKED_PATH], [FREE.slug]);
  t = await createSignedMediaApp(dir);
  ({ free, premium } = await freeAndPayingMembers(t));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cookiesFor(member: Member): Promise<{ res: LightMyRequestResponse; jar: Jar }> {
  const res = await getAs(t.app, member.token, "/api/v1/user/cloudfront-cookies?t=1");
  expect(res.statusCode, res.body).toBe(200);
  return { res, jar: jarOf(res) };
}
const media = (relative: string, cookies: Jar = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/media/${relative}`, cookies, headers });
const resourceOf = (policyCookie: string) =>
  JSON.parse(fromCloudFrontBase64(policyCookie).toString("utf8")).Statement[0].Resource as string;

describe("GET /api/v1/user/cloudfront-cookies", () => {
  it("sets the three cookies for the whole site, HttpOnly, and answers them in the body", async () => {
    const { res, jar } = await cookiesFor(free);
    const names = res.cookies.map((cookie) => cookie.name);
    for (const name of [COOKIE_NAMES.policy, COOKIE_NAMES.signature, COOKIE_NAMES.keyPairId]) expect(names).toContain(name);
    for (const cookie of res.cookies.filter((c) => c.name !== COOKIE_NAMES.hashAlgorithm)) {
      expect(cookie.path, cookie.name).toBe("/");
      expect(cookie.httpOnly, cookie.name).toBe(true);
      expect(cookie.secure, cookie.name).toBe(true); // media is served over https here
    }
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body).toEqual({
      policy: jar[COOKIE_NAMES.policy],
      signature: jar[COOKIE_NAMES.signature],
      key_pair_id: KEY_PAIR_ID,
      expires_at: expect.any(String),
    });
    expect(body.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // Twelve hours by default.
    expect(Math.abs(Date.parse(body.expires_at) - (Date.now() + 12 * 3_600_000))).toBeLessThan(60_000);
    const policy = JSON.parse(fromCloudFrontBase64(body.policy).toString("utf8"));
    expect(policy.Statement[0].Condition.DateLessThan["AWS:EpochTime"]).toBe(Date.parse(body.expires_at) / 1000);
  });

  it("covers the free folder for a free member and all media for a subscriber", async () => {
    expect(resourceOf((await cookiesFor(free)).jar[COOKIE_NAMES.policy]!)).toBe(`${MEDIA}/free/*`);
    expect(resourceOf((await cookiesFor(premium)).jar[COOKIE_NAMES.policy]!)).toBe(`${MEDIA}/*`);
  });

  it("answers 401 without a working token", async () => {
    for (const headers of [{}, bearer("nope")]) {
      const res = await t.app.inject({ url: "/api/v1/user/cloudfront-cookies", headers });
      expect(res.statusCode).toBe(401);
      expect(res.cookies).toEqual([]);
    }
  });
});

describe("/media with signed cookies", () => {
  it("serves a free playlist to a free member's cookies, with the HLS type", async () => {
    const { jar } = await cookiesFor(free);
    const res = await media(`${FREE_PATH}/index.m3u8`, jar);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
    expect(res.body).toBe(TINY_PLAYLIST);
    expect(res.headers["cache-control"]).toContain("private");
    const segment = await media(`${FREE_PATH}/seg-0.m4s`, jar);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers["content-type"]).toBe("video/iso.segment");
  });

  it("refuses locked media to a free member's cookies even though the file exists, and serves it to a subscriber", async () => {
    const asFree = await media(`${LOCKED_PATH}/index.m3u8`, (await cookiesFor(free)).jar);
    expect(asFree.statusCode).toBe(403);
    expect(asFree.json()).toEqual({ message: "You do not have access to this media." });
    const asPremium = await media(`${LOCKED_PATH}/index.m3u8`, (await cookiesFor(premium)).jar);
    expect(asPremium.statusCode).toBe(200);
    expect(asPremium.body).toBe(TINY_PLAYLIST);
  });

  it("gives a free member no stream of a locked item, and its media stays closed to their cookies", async () => {
    const detail = (await getAs(t.app, free.token, `/api/v1/${LOCKED.model}/${LOCKED.id}`)).json().data;
    expect(detail.audio_male).toBeNull();
    const { jar } = await cookiesFor(free);
    for (const file of ["index.m3u8", "seg-0.m4s", "init.mp4"])
      expect((await media(`${LOCKED_PATH}/${file}`, jar)).statusCode, file).toBe(403);
    // The free item's stream address from the same member's detail opens.
    const freeDetail = (await getAs(t.app, free.token, `/api/v1/${FREE.model}/${FREE.id}`)).json().data;
    expect(freeDetail.audio_male.hls.playlist).toBe(`${MEDIA}/${FREE_PATH}/index.m3u8`);
    expect((await media(`${FREE_PATH}/index.m3u8`, jar)).statusCode).toBe(200);
  });

  it("refuses requests without cookies, with tampered cookies or with expired ones", async () => {
    expect((await media(`${FREE_PATH}/index.m3u8`)).statusCode).toBe(403);
    const { jar } = await cookiesFor(free);
    const policy = jar[COOKIE_NAMES.policy]!;
    const widened = Buffer.from(fromCloudFrontBase64(policy).toString("utf8").replace("/media/free/*", "/media/*"))
      .toString("base64")
      .replaceAll("+", "-")
      .replaceAll("=", "_")
      .replaceAll("/", "~");
    expect((await media(`${LOCKED_PATH}/index.m3u8`, { ...jar, [COOKIE_NAMES.policy]: widened })).statusCode).toBe(403);
    expect((await media(`${FREE_PATH}/index.m3u8`, { ...jar, [COOKIE_NAMES.keyPairId]: "K_OTHER" })).statusCode).toBe(403);

    const expired = signCookies(key, `${MEDIA}/*`, new Date(Date.now() - 60_000), "SHA1");
    const expiredJar = {
      [COOKIE_NAMES.policy]: expired.policy,
      [COOKIE_NAMES.signature]: expired.signature,
      [COOKIE_NAMES.keyPairId]: expired.keyPairId,
    };
    expect((await media(`${FREE_PATH}/index.m3u8`, expiredJar)).statusCode).toBe(403);
    // The same policy with a future end opens: the key is the app's own.
    const fresh = signCookies(key, `${MEDIA}/*`, new Date(Date.now() + 60_000), "SHA1");
    expect(
      (
        await media(`${LOCKED_PATH}/index.m3u8`, {
          [COOKIE_NAMES.policy]: fresh.policy,
          [COOKIE_NAMES.signature]: fresh.signature,
          [COOKIE_NAMES.keyPairId]: fresh.keyPairId,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("serves covers to anyone", async () => {
    const res = await media(`covers/${FREE.slug}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.body).toContain("<svg");
    expect(res.headers["cache-control"]).toContain("public");
  });

  it("never serves outside the media, a path with .. or a .json file", async () => {
    const freeJar = (await cookiesFor(free)).jar;
    const premiumJar = (await cookiesFor(premium)).jar;
    const lockedInside = LOCKED_PATH.replace(/^premium\//, "");
    for (const [relative, jar] of [
      [`free/../premium/${lockedInside}/index.m3u8`, freeJar],
      [`free/%2e%2e/premium/${lockedInside}/index.m3u8`, freeJar],
      [`free/..%2fpremium/${lockedInside}/index.m3u8`, freeJar],
      [`covers/../premium/${lockedInside}/index.m3u8`, {}],
      [`covers/%2e%2e/premium/${lockedInside}/index.m3u8`, {}],
      [`covers/..%2f${FREE_PATH}/index.m3u8`, {}],
      ["free/../../package.json", premiumJar],
      ["manifest.json", premiumJar],
      ["covers/../manifest.json", {}],
    ] as const) {
      const res = await media(relative, jar);
      expect(res.statusCode, relative).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, relative).toBeLessThan(500);
      expect(res.body, relative).not.toContain("#EXTM3U");
      expect(res.body, relative).not.toContain("secret");
    }
    // The check itself refuses a way out of a folder, whatever the file server would make of it.
    expect((await media(`free/%2e%2e/premium/${lockedInside}/index.m3u8`, freeJar)).statusCode).toBe(403);
    expect((await media(`covers/%2e%2e/${FREE_PATH}/index.m3u8`, {})).statusCode).toBe(403);
  });

  it("refuses .. sent as is over a real connection, where no client tidies the path", async () => {
    const jar = (await cookiesFor(free)).jar;
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(address).port);
    const rawGet = (target: string, withCookie: boolean) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () =>
          socket.write(
            `GET ${target} HTTP/1.1\r\nHost: app.serene.test\r\n${withCookie ? `Cookie: ${cookie}\r\n` : ""}Connection: close\r\n\r\n`,
          ),
        );
        let response = "";
        socket.on("data", (chunk) => (response += chunk));
        socket.on("end", () => resolve(response));
        socket.on("error", reject);
      });
    const inside = LOCKED_PATH.replace(/^premium\//, "");
    // The free cookie does open the free folder over this connection.
    expect(await rawGet(`/media/${FREE_PATH}/index.m3u8`, true)).toMatch(/^HTTP\/1\.1 200/);
    for (const [target, withCookie] of [
      [`/media/free/../premium/${inside}/index.m3u8`, true],
      [`/media/free/./../premium/${inside}/index.m3u8`, true],
      [`/media/covers/../premium/${inside}/index.m3u8`, false],
      [`/media/covers/../${FREE_PATH}/index.m3u8`, false],
    ] as const) {
      const response = await rawGet(target, withCookie);
      expect(response, target).toMatch(/^HTTP\/1\.1 4\d\d/);
      expect(response, target).not.toContain("#EXTM3U");
    }
  });

  it("answers a Range request on a segment with 206 and the bytes asked for", async () => {
    const { jar } = await cookiesFor(free);
    const res = await media(`${FREE_PATH}/seg-0.m4s`, jar, { range: "bytes=100-199" });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe("bytes 100-199/1000");
    expect(res.rawPayload).toHaveLength(100);
    expect(res.rawPayload[0]).toBe(100);
    // A range is no way around the cookies.
    expect((await media(`${LOCKED_PATH}/seg-0.m4s`, jar, { range: "bytes=0-9" })).statusCode).toBe(403);
  });

  it("serves media types only: any other file under the media root does not exist, even for a subscriber", async () => {
    const secret = "SECRET-SOURCE-CODE";
    const strays = [
      "build.ts",
      "hls.test.ts",
      "README.md",
      "notes.txt",
      "index.html",
      "Makefile",
      `${FREE_PATH}/build.ts`,
      `${FREE_PATH}/segment.ts`,
      `${LOCKED_PATH}/encode.sh`,
      `${LOCKED_PATH}/index.m3u8.bak`,
      "covers/cover.ts",
      "covers/notes.txt",
    ];
    for (const stray of strays) writeFileSync(path.join(dir, stray), `// ${secret}`);
    const { jar } = await cookiesFor(premium);
    for (const stray of strays) {
      const res = await media(stray, jar);
      expect(res.statusCode, stray).toBe(404);
      expect(res.json(), stray).toEqual({ message: "Not found." });
      expect(res.body, stray).not.toContain(secret);
    }
    // Folders are not listed either, and the media beside the strays is still served.
    for (const folder of ["", "free", FREE_PATH, "covers"]) expect((await media(folder, jar)).statusCode, folder).toBe(404);
    expect((await media(`${LOCKED_PATH}/index.m3u8`, jar)).statusCode).toBe(200);
    expect((await media(`covers/${FREE.slug}.svg`)).statusCode).toBe(200);
  });

  it("ships a media pack that holds only media (its build scripts live apart, in content/media-build)", () => {
    const shipped = testConfig().media.dir;
    const files = readdirSync(shipped, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(shipped, path.join(entry.parentPath, entry.name)));
    expect(files.length).toBeGreaterThan(100);
    // The manifest (and an ingest's list beside it) are the pack's index: read by the seed, never served.
    const notMedia = files.filter((file) => mediaTypeOf(file) === null && !/^[a-z-]+\.json$/.test(file));
    expect(notMedia).toEqual([]);
  });

  it("answers 404 for media that does not exist, to cookies that would cover it", async () => {
    const { jar } = await cookiesFor(premium);
    expect((await media("free/nothing-here/audio/index.m3u8", jar)).statusCode).toBe(404);
  });
});

describe("SHA-256 signatures", () => {
  let sha: TestApp;
  let member: Member;
  beforeAll(async () => {
    sha = await createSignedMediaApp(dir, { MEDIA_SIGNING_HASH: "SHA256" });
    member = await registerMember(sha.app, sha.database, { name: "Sha" });
  });
  afterAll(async () => sha.close());

  it("adds the CloudFront-Hash-Algorithm cookie, and the set opens media", async () => {
    const res = await getAs(sha.app, member.token, "/api/v1/user/cloudfront-cookies");
    expect(res.statusCode).toBe(200);
    const jar = jarOf(res);
    expect(jar[COOKIE_NAMES.hashAlgorithm]).toBe("SHA256");
    expect((await sha.app.inject({ url: `/media/${FREE_PATH}/index.m3u8`, cookies: jar })).statusCode).toBe(200);
    // Without the algorithm cookie the signature is read as SHA-1 and fails.
    const { [COOKIE_NAMES.hashAlgorithm]: _dropped, ...withoutAlgorithm } = jar;
    expect((await sha.app.inject({ url: `/media/${FREE_PATH}/index.m3u8`, cookies: withoutAlgorithm })).statusCode).toBe(403);
  });
});

describe("media cookies leave with the member (decision 056)", () => {
  const MEDIA_COOKIES = Object.values(COOKIE_NAMES);

  /** Every media cookie name is expired by this answer: empty, Max-Age=0, for the whole site. */
  function expectExpiresEveryMediaCookie(res: LightMyRequestResponse) {
    for (const name of MEDIA_COOKIES) {
      const cookie = res.cookies.find((c) => c.name === name);
      expect(cookie, `${name} in ${res.statusCode} ${res.body}`).toMatchObject({ value: "", maxAge: 0, path: "/" });
    }
  }
  /** The browser's cookies after it reads the answer's Set-Cookie headers. */
  function browserAfter(jar: Jar, res: LightMyRequestResponse): Jar {
    const next = { ...jar };
    for (const cookie of res.cookies) {
      if (cookie.maxAge === 0) delete next[cookie.name];
      else next[cookie.name] = cookie.value;
    }
    return next;
  }
  const lockedPlaylist = (jar: Jar) => media(`${LOCKED_PATH}/index.m3u8`, jar);
  const signIn = async (member: Member) => {
    const res = await login(t.app, member.email, member.password);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it("log-out expires each media cookie, and the browser's next request for locked media is refused", async () => {
    const session = (await signIn(premium)).json().token as string;
    const jar = jarOf(await getAs(t.app, session, "/api/v1/user/cloudfront-cookies"));
    expect((await lockedPlaylist(jar)).statusCode).toBe(200);
    const out = await t.app.inject({ method: "DELETE", url: "/api/v1/user/token", headers: bearer(session) });
    expect(out.statusCode).toBe(204);
    expectExpiresEveryMediaCookie(out);
    expect(browserAfter(jar, out)).toEqual({});
    expect((await lockedPlaylist(browserAfter(jar, out))).statusCode).toBe(403);
  });

  it("log-out expires them even when the session has already ended", async () => {
    const out = await t.app.inject({ method: "DELETE", url: "/api/v1/user/token", headers: bearer("no-longer-a-session") });
    expect(out.statusCode).toBe(401);
    expectExpiresEveryMediaCookie(out);
  });

  it("a new sign-in's answer replaces them: the next member on the browser opens only their own media", async () => {
    const before = jarOf(await getAs(t.app, (await signIn(premium)).json().token, "/api/v1/user/cloudfront-cookies"));
    expect((await lockedPlaylist(before)).statusCode).toBe(200);
    // The paying member never logs out; the free member signs in on the same browser.
    const answer = await signIn(free);
    expectExpiresEveryMediaCookie(answer);
    const between = browserAfter(before, answer);
    expect((await lockedPlaylist(between)).statusCode).toBe(403);
    const own = await getAs(t.app, answer.json().token, "/api/v1/user/cloudfront-cookies");
    const after = browserAfter(between, own);
    expect(resourceOf(after[COOKIE_NAMES.policy]!)).toBe(`${MEDIA}/free/*`);
    expect((await lockedPlaylist(after)).statusCode).toBe(403);
    expect((await media(`${FREE_PATH}/index.m3u8`, after)).statusCode).toBe(200);
  });

  it.each([
    ["password log-in", "POST", "/api/v1/user/token", { login: "nobody@example.test", password: "not-it-1", device_name: "web" }],
    [
      "registration",
      "POST",
      "/api/v1/user",
      () => ({ name: "Sam", email: uniqueEmail("media"), password: "calm-river-stone-42", phone: "", platform: "web" }),
    ],
    ["social sign-in", "POST", "/api/v1/user/auth/googleWeb", { id_token: "not-a-token" }],
    [
      "temporary link",
      "POST",
      "/api/v1/authorization-by-tmp-token/nobody%40example.test",
      { email: "nobody@example.test", tmp_token: "x" },
    ],
    [
      "password reset",
      "POST",
      "/api/v1/user/recovery-password",
      { email: "nobody@example.test", token: "x", password: "calm-river-stone-42" },
    ],
    ["lead account", "POST", "/api/v1/lead/6d3f8a52-53e4-4c0a-9d55-2f4b1f0c6a11/account", {}],
  ] as const)("every %s answer expires them, whether it signs in or not", async (_name, method, url, payload) => {
    const res = await t.app.inject({
      method,
      url,
      payload: typeof payload === "function" ? payload() : payload,
      cookies: jarOf(await getAs(t.app, premium.token, "/api/v1/user/cloudfront-cookies")),
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBeLessThan(500);
    expectExpiresEveryMediaCookie(res);
  });

  it("keeps them while the same member's session goes on (token refresh, profile)", async () => {
    for (const res of [
      await t.app.inject({ method: "POST", url: "/api/v1/user/token/refresh", headers: bearer(premium.token) }),
      await getAs(t.app, premium.token, "/api/v1/user"),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.cookies.filter((cookie) => MEDIA_COOKIES.includes(cookie.name as never))).toEqual([]);
    }
  });

  it("expires them on the configured cookie domain and on the host alike", () => {
    const config = testConfig({ MEDIA_COOKIE_DOMAIN: "serene.test" }).media;
    const expired = createMediaAccess(config, key, { mayPlayLocked: () => false }).expired();
    expect(expired.map(({ name, value, options }) => [name, value, options.path, options.domain ?? null])).toEqual(
      MEDIA_COOKIES.flatMap((name) => [
        [name, null, "/", "serene.test"],
        [name, null, "/", null],
      ]),
    );
    const hostOnly = createMediaAccess(testConfig().media, key, { mayPlayLocked: () => false }).expired();
    expect(hostOnly.map(({ name, options }) => [name, options.path, options.domain ?? null])).toEqual(
      MEDIA_COOKIES.map((name) => [name, "/", null]),
    );
  });
});
