import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { PRODUCTION } from "../test/production-env.ts";
import { rows } from "../test/accounts.ts";

let t: TestApp;
let dist: string;
const QUIZ_CSS = "._question_1{color:#1b1f4b}";
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "serene-web-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(
    path.join(dist, "index.html"),
    '<html><head><!--app-config--><title>%APP_NAME%</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log(1)");
  writeFileSync(path.join(dist, "assets", "quiz-z1.css"), QUIZ_CSS);
  writeFileSync(path.join(dist, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(dist, "sw.js"), "self.__WB_MANIFEST;");
  writeFileSync(path.join(dist, "manifest.webmanifest"), '{"name":"Serene","start_url":"/home"}');
  writeFileSync(path.join(dist, "offline.html"), "<h1>You are offline for now</h1>");
  mkdirSync(path.join(dist, "icons"));
  writeFileSync(path.join(dist, "icons", "sw.js"), "not the worker");
  mkdirSync(path.join(dist, "prerendered"));
  writeFileSync(path.join(dist, "prerendered", "paywall.html"), "<main><h1>Everything in %APP_NAME%</h1></main>");
  writeFileSync(path.join(dist, "prerendered", "quiz-results.html"), "<main><h1>Putting your result together</h1></main>");
  writeFileSync(
    path.join(dist, "prerendered", "quiz.html"),
    '<main><h1>What would you like help with first?</h1><div style="width:7.69%"></div></main>',
  );
  writeFileSync(
    path.join(dist, "prerendered", "sales.html"),
    '<div data-sales-theme="%SP_THEME%" data-server-painted=""><ul><li>%SP_SEEN_ON%</li></ul><p>%SP_WARNING%</p>' +
      '<h1>%SP_TITLE%</h1><p>%SP_SUBTITLE%</p><video aria-label="%SP_SUBTITLE%"></video>' +
      "<p><strong>%SP_PARTICIPANTS%</strong> %SP_PARTICIPANTS_LABEL%</p><button>%SP_START%</button></div>",
  );
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(
    path.join(dist, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-abc123.js" },
      "src/app/routes/paywall.tsx": { file: "assets/paywall-p1.js", css: ["assets/paywall-p1.css"], imports: ["_pricing.js"] },
      "_pricing.js": { file: "assets/pricing-q2.js" },
      "src/app/routes/quiz-results.tsx": { file: "assets/quiz-results-r1.js", imports: ["_pricing.js"] },
      "src/app/routes/quiz-dynamic-results.tsx": { file: "assets/quiz-dynamic-results-d1.js" },
      "src/app/routes/quiz.tsx": { file: "assets/quiz-z1.js", css: ["assets/quiz-z1.css"] },
      "src/app/routes/sales-checkout.tsx": { file: "assets/sales-checkout-s1.js", css: ["assets/sales-checkout-s1.css"] },
      "../../node_modules/@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2": {
        file: "assets/nunito-latin-wght-normal-f1.woff2",
      },
    }),
  );
  t = await createTestApp({ WEB_DIST_DIR: dist, APP_NAME: 'Calm "Place"', SUPPORT_EMAIL: "hi@calm.test" });
});
afterAll(async () => t.close());

describe("the web app", () => {
  it("serves index.html with the public configuration for / and any app route", async () => {
    for (const url of ["/", "/faq", "/home?message=hi", "/meditation-sleep/12"]) {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<title>Calm &quot;Place&quot;</title>");
      const meta = /<meta name="app-config" content="([^"]+)">/.exec(res.body)![1]!;
      const config = JSON.parse(meta.replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
      expect(config).toEqual({
        appName: 'Calm "Place"',
        supportEmail: "hi@calm.test",
        ga4MeasurementId: null,
        metaPixelId: null,
        signIn: {
          googleWeb: {
            authorizeUrl: "http://localhost:3000/sandbox/identity/google/authorize",
            clientId: "serene-sandbox-web",
            sandbox: true,
          },
          apple: { authorizeUrl: "http://localhost:3000/sandbox/identity/apple/authorize", clientId: "serene-sandbox-web", sandbox: true },
          facebook: {
            authorizeUrl: "http://localhost:3000/sandbox/identity/facebook/authorize",
            clientId: "serene-sandbox-web",
            sandbox: true,
          },
        },
      });
    }
  });

  it("links the paywall's code up front on the paywall's addresses only", async () => {
    for (const url of ["/subscription", "/subscription/3", "/subscription/3?flow=dynamic"]) {
      const body = (await t.app.inject({ url })).body;
      expect(body, url).toContain('<link rel="modulepreload" href="/assets/paywall-p1.js">');
      expect(body).toContain('<link rel="modulepreload" href="/assets/pricing-q2.js">');
      expect(body).toContain('<link rel="stylesheet" href="/assets/paywall-p1.css">');
      expect(body).toContain("<title>Calm &quot;Place&quot;</title>");
    }
    for (const url of ["/home", "/subscriptions", "/subscription/3/extra"]) {
      expect((await t.app.inject({ url })).body, url).not.toContain("paywall-p1");
    }
  });

  it("links the sales pages' code up front on the checkout routes only", async () => {
    for (const url of ["/promo/3", "/checkout/3", "/lead-checkout/3?lead=abc", "/lp/sleep-reset", "/promo/3/"]) {
      const body = (await t.app.inject({ url })).body;
      expect(body, url).toContain('<link rel="modulepreload" href="/assets/sales-checkout-s1.js">');
      expect(body, url).toContain('<link rel="stylesheet" href="/assets/sales-checkout-s1.css">');
    }
    for (const url of ["/promo", "/promo/3/extra", "/lp", "/subscription/3", "/home"]) {
      expect((await t.app.inject({ url })).body, url).not.toContain("sales-checkout-s1");
    }
  });

  it("paints the top of a promo or campaign sales page with its own words, as a visitor sees it", async () => {
    const promo = (await t.app.inject({ url: "/promo/3" })).body;
    expect(promo).toContain('data-sales-theme="green-main"');
    expect(promo).toMatch(/<h1>This [^<]+<\/h1>/);
    expect(promo).toContain("<strong>1,249</strong>");
    expect(promo).toContain("<li>App Store</li><li>Google Play</li>");
    expect(promo).not.toContain("%SP_");
    expect(promo).toContain('<link rel="modulepreload" href="/assets/sales-checkout-s1.js">');

    const campaign = (await t.app.inject({ url: "/lp/sleep-reset" })).body;
    expect(campaign).toContain('data-sales-theme="vsl-type-2"');
    expect(campaign).not.toContain("%SP_");

    // Unknown or removed offers, and the pages that depend on a person, get the app alone: it says why.
    for (const url of ["/promo/999", "/promo/abc", "/lp/nope", "/checkout/3", "/lead-checkout/3?lead=x"]) {
      const body = (await t.app.inject({ url })).body;
      expect(body, url).not.toContain("data-server-painted");
      expect(body, url).toContain("sales-checkout-s1.js");
    }
  });

  it("does not paint a campaign whose checkout has been removed", async () => {
    await rows(t.database, "delete from checkouts where id = 4");
    const body = (await t.app.inject({ url: "/lp/sleep-reset" })).body;
    expect(body).not.toContain("data-server-painted");
    expect(body).toContain("sales-checkout-s1.js");
  });

  it("escapes the words it paints", async () => {
    const { fillSalesFrame } = await import("./web.ts");
    const html = fillSalesFrame('<i title="%SP_TITLE%">%SP_TITLE%</i><ul><li>%SP_SEEN_ON%</li></ul>%SP_WARNING%', {
      theme: "default",
      seenOn: ["<b>"],
      warning: "$& $1 costs $14.95",
      title: '"Calm" & <quiet>',
      subtitle: "",
      participants: "1",
      participantsLabel: "",
      startLabel: "",
    });
    expect(html).toBe(
      '<i title="&quot;Calm&quot; &amp; &lt;quiet&gt;">&quot;Calm&quot; &amp; &lt;quiet&gt;</i><ul><li>&lt;b&gt;</li></ul>$&amp; $1 costs $14.95',
    );
  });

  it("paints the quiz results' frame and links their code up front on their addresses", async () => {
    const frame = '<div id="root"><main><h1>Putting your result together</h1></main></div>';
    for (const url of ["/quiz-results", "/lead-quiz-result?lead=abc"]) {
      const body = (await t.app.inject({ url })).body;
      expect(body, url).toContain('<link rel="modulepreload" href="/assets/quiz-results-r1.js">');
      expect(body, url).toContain('<link rel="modulepreload" href="/assets/pricing-q2.js">');
      expect(body, url).toContain(frame);
    }
    for (const url of ["/quiz-dynamic-results/calm-check-in", "/lead-dynamic-result/calm-check-in"]) {
      const body = (await t.app.inject({ url })).body;
      expect(body, url).toContain('<link rel="modulepreload" href="/assets/quiz-dynamic-results-d1.js">');
      expect(body, url).toContain(frame);
    }
    for (const url of ["/quiz-results/extra", "/quiz-dynamic-results", "/home"]) {
      const body = (await t.app.inject({ url })).body;
      expect(body, url).not.toContain("quiz-results-r1");
      expect(body, url).not.toContain("quiz-dynamic-results-d1");
    }
  });

  it("paints the paywall before its code runs, except when the query changes its first screen", async () => {
    for (const url of ["/subscription", "/subscription/3?action=unlock"]) {
      expect((await t.app.inject({ url })).body, url).toContain(
        '<div id="root"><main><h1>Everything in Calm &quot;Place&quot;</h1></main></div>',
      );
    }
    for (const url of ["/subscription?hideClose=1", "/subscription/3?dynamic=1", "/home"]) {
      expect((await t.app.inject({ url })).body, url).toContain('<div id="root"></div>');
    }
  });

  it("paints the onboarding quiz's first question before its code runs, with its code linked up front", async () => {
    for (const url of ["/quiz", "/quiz?utm_source=ad"]) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain('<div id="root"><main><h1>What would you like help with first?</h1>');
      expect(res.body).toContain('<link rel="modulepreload" href="/assets/quiz-z1.js">');
      // Its stylesheet is written into the page, so the first paint waits for no other request.
      expect(res.body).toContain(`<style>${QUIZ_CSS}</style>`);
      expect(res.body).not.toContain('href="/assets/quiz-z1.css"');
      // The progress bar's width and the written-in stylesheet are allowed by their hashes.
      const policy = res.headers["content-security-policy"] as string;
      expect(policy).toMatch(/style-src[^;]*'sha256-/);
      expect(policy).toContain(`'sha256-${createHash("sha256").update(QUIZ_CSS).digest("base64")}'`);
    }
    for (const url of ["/lead-quiz/calm-check-in", "/quiz/extra", "/quizzes"]) {
      const body = (await t.app.inject({ url })).body;
      expect(body, url).toContain('<div id="root"></div>');
      expect(body, url).not.toContain("quiz-z1");
    }
  });

  it("fetches the body font at once on every page", async () => {
    for (const url of ["/", "/home", "/subscription"]) {
      expect((await t.app.inject({ url })).body, url).toContain(
        '<link rel="preload" href="/assets/nunito-latin-wght-normal-f1.woff2" as="font" type="font/woff2" crossorigin>',
      );
    }
  });

  it("caches hashed assets for a year", async () => {
    const res = await t.app.inject({ url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers 200 on the app's routes, and 404 with the app (its not-found page) on any other address", async () => {
    const known = [
      "/login",
      "/create-account?statistic_id=st-1",
      "/password/reset?token=t&email=e",
      "/home/",
      "/HOME",
      "/subscription",
      "/subscription/chk-1",
      "/coming-soon",
      "/profile/notes/12/edit",
      "/workbooks/workbook/3/result",
      "/settings/help-support",
      "/meditation/12",
      "/lead-quiz-result",
      "/profile/downloads",
      "/downloads",
    ];
    for (const url of known) {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toContain("text/html");
    }
    const unknown = ["/nowhere", "/home/today/again", "/settings/unknown/deeper", "/profile/notes/12/edit/more", "/a/b/c", "/login/x/y"];
    for (const url of unknown) {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it("serves the service worker as script that is asked again on every visit, and a policy that lets it run", async () => {
    const res = await t.app.inject({ url: "/sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe("self.__WB_MANIFEST;");
    const policy = String(res.headers["content-security-policy"]);
    expect(policy).toMatch(/(^|;)worker-src 'self'/);
    expect(policy).toMatch(/(^|;)manifest-src 'self'/);
    // The pages that register it allow scripts from this origin only.
    const page = await t.app.inject({ url: "/home" });
    expect(String(page.headers["content-security-policy"])).toMatch(/(^|;)script-src 'self'/);
  });

  it("serves the manifest as a web app manifest and the offline page, both asked again on every visit", async () => {
    const manifest = await t.app.inject({ url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    expect(manifest.json()).toEqual({ name: "Serene", start_url: "/home" });
    const offline = await t.app.inject({ url: "/offline.html" });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers["content-type"]).toContain("text/html");
    expect(offline.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps the usual caching for a file of the same name deeper in the build", async () => {
    const res = await t.app.inject({ url: "/icons/sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers a worker at any other address with a JSON 404", async () => {
    for (const url of ["/service-worker.js", "/assets/sw.js", "/sw.json"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Not found." });
    }
  });

  it("answers missing files and unknown API addresses with a JSON 404, never the app", async () => {
    for (const url of ["/assets/missing-123.js", "/api/v1/unknown", "/index.html"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "Not found." });
    }
    // Media without its signed cookies is refused before anything is looked up.
    const media = await t.app.inject({ url: "/media/x/y.m3u8" });
    expect(media.statusCode).toBe(403);
    expect(media.headers["content-type"]).toContain("application/json");
  });
});

describe("the sign-in providers in the page configuration", () => {
  const pageConfig = (body: string) =>
    JSON.parse(/<meta name="app-config" content="([^"]+)">/.exec(body)![1]!.replaceAll("&quot;", '"').replaceAll("&amp;", "&"));

  it("offers only configured providers in production, each pointing at the real provider", async () => {
    const production = await createTestApp({
      ...PRODUCTION,
      WEB_DIST_DIR: dist,
      APP_URL: "https://calm.test",
      GOOGLE_CLIENT_ID: "1234.apps.googleusercontent.com",
      FACEBOOK_APP_ID: "9876",
    });
    try {
      const res = await production.app.inject({ url: "/login", headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(200);
      expect(pageConfig(res.body).signIn).toEqual({
        googleWeb: {
          authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
          clientId: "1234.apps.googleusercontent.com",
          sandbox: false,
        },
        apple: null,
        // A Facebook app id without its secret cannot verify tokens, so Facebook is not offered.
        facebook: null,
      });
      expect(res.body).not.toContain("sandbox-facebook-app-secret");
    } finally {
      await production.close();
    }
  });

  it("never puts the Facebook app secret in the page", async () => {
    const configured = await createTestApp({ WEB_DIST_DIR: dist, FACEBOOK_APP_ID: "9876", FACEBOOK_APP_SECRET: "very-secret-value" });
    try {
      const res = await configured.app.inject({ url: "/login", headers: { accept: "text/html" } });
      expect(pageConfig(res.body).signIn.facebook).toEqual({
        authorizeUrl: "https://www.facebook.com/v21.0/dialog/oauth",
        clientId: "9876",
        sandbox: false,
      });
      expect(res.body).not.toContain("very-secret-value");
      expect(res.body).not.toContain("sandbox-facebook-app-secret");
    } finally {
      await configured.close();
    }
  });
});
