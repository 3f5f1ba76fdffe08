import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectBothParts, lastMailTo, randomIp, registerMember, uniqueEmail, type Member } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** /dev/outbox: the e-mails an installation without SMTP wrote (never in production). */
let t: TestApp;
let member: Member;
const tricky = `<img src=x onerror="alert(1)"> & Co`;

beforeAll(async () => {
  t = await createTestApp({ APP_NAME: "Tranquil", APP_URL: "https://tranquil.test" });
  member = await registerMember(t.app, t.database, { name: tricky, email: uniqueEmail("outbox") });
});
afterAll(async () => t.close());

interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: string;
  created_at: string;
}

describe("GET /dev/outbox.json", () => {
  it("lists the written e-mails, newest first, with both parts", async () => {
    await t.app.inject({ method: "POST", url: "/api/v1/user/request-remove", payload: { email: member.email }, remoteAddress: "10.9.9.9" });
    await t.settled();
    const res = await t.app.inject({ url: "/dev/outbox.json" });
    expect(res.statusCode).toBe(200);
    const entries = res.json() as OutboxEntry[];
    const mine = entries.filter((entry) => entry.to === member.email);
    expect(mine.map((entry) => entry.subject)).toEqual(["Confirm the removal of your Tranquil account", "Welcome to Tranquil"]);
    for (const entry of mine) {
      expect(Object.keys(entry).sort()).toEqual(["created_at", "html", "id", "status", "subject", "text", "to"]);
      expect(entry.status).toBe("logged");
      expect(entry.created_at).toMatch(/Z$/);
      expectBothParts(entry, "Tranquil");
    }
    const times = entries.map((entry) => new Date(entry.created_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("greets a name that is markup without it, in both parts", async () => {
    const [welcome] = ((await t.app.inject({ url: "/dev/outbox.json" })).json() as OutboxEntry[]).filter(
      (entry) => entry.to === member.email && entry.subject.startsWith("Welcome"),
    );
    expect(welcome!.text.split("\n")[0]).toBe("Hello,");
    expect(welcome!.text).not.toContain("img");
    expect(welcome!.html).not.toMatch(/img|onerror/);
    expect(welcome!.html).toContain(">Hello,</p>");
  });
});

describe("whom an e-mail greets by name", () => {
  /** A lead as a visitor leaves one (POST /lead), and the quiz-result e-mail it is sent. */
  async function leadMail(name: string) {
    const email = uniqueEmail("greeting");
    const res = await t.app.inject({ method: "POST", url: "/api/v1/lead", payload: { email, name }, remoteAddress: randomIp() });
    expect(res.statusCode, res.body).toBe(201);
    return lastMailTo(t.database, email, "quiz result");
  }

  it("greets a lead whose name is a paragraph with a link without the name, and nothing of it reaches the e-mail", async () => {
    const name =
      "Robin\n\nYour Tranquil account has been suspended. Restore it within 24 hours at https://tranquil-restore.example/login or it is deleted.";
    const mail = await leadMail(name);
    expect(mail.text.split("\n")[0]).toBe("Hello,");
    expect(mail.html).toContain(">Hello,</p>");
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("Robin");
      expect(part).not.toContain("suspended");
      expect(part).not.toContain("tranquil-restore.example");
    }
    // The only links are the product's own.
    for (const href of mail.text.match(/https?:\/\/[^\s]+/g) ?? []) expect(new URL(href).origin).toBe("https://tranquil.test");
    for (const [, href] of mail.html.matchAll(/href="([^"]+)"/g))
      expect(new URL(href!.replaceAll("&amp;", "&")).origin).toBe("https://tranquil.test");
  });

  it.each([
    "www.tranquil-restore.example",
    "robin@tranquil-restore.example",
    "[Restore](https://tranquil-restore.example)",
    "R".repeat(51),
  ])("greets a lead named %j without the name", async (name) => {
    const mail = await leadMail(name);
    expect(mail.text.split("\n")[0]).toBe("Hello,");
    expect(mail.text).not.toContain(name);
    expect(mail.html).not.toContain("tranquil-restore");
  });

  it("still greets a plain name, in any script", async () => {
    for (const name of ["José María", "Zoë", "李小龙"]) {
      const mail = await leadMail(`  ${name} `);
      expect(mail.text.split("\n")[0]).toBe(`Hi ${name},`);
      expect(mail.html).toContain(`>Hi ${name},</p>`);
    }
  });
});

describe("GET /dev/outbox", () => {
  it("shows every e-mail as escaped text with its links clickable", async () => {
    const res = await t.app.inject({ url: "/dev/outbox" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("<h2>Welcome to Tranquil</h2>");
    expect(res.body).toContain(`To ${member.email}`);
    expect(res.body).not.toContain("<img src=x");
    expect(res.body).toMatch(/<a href="https:\/\/tranquil\.test\/authorization\?[^"]+">https:\/\/tranquil\.test\/authorization\?/);
    expect(res.body).toMatch(/<a href="\/dev\/outbox\/[0-9a-f-]{36}">View as HTML<\/a>/);
  });

  it("serves one e-mail's HTML under a policy that allows no script", async () => {
    const [entry] = (await t.app.inject({ url: "/dev/outbox.json" })).json() as OutboxEntry[];
    const res = await t.app.inject({ url: `/dev/outbox/${entry!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toBe(entry!.html);
    const policy = res.headers["content-security-policy"] as string;
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("script-src");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await t.app.inject({ url: "/dev/outbox/00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/dev/outbox/not-an-id" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/dev/outbox/1'%20OR%20'1'='1" })).statusCode).toBe(404);
  });

  it("serves its style sheet", async () => {
    const res = await t.app.inject({ url: "/dev/outbox.css" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/css");
  });
});

describe("who may read the outbox", () => {
  const PAGES = ["/dev/outbox", "/dev/outbox.json", "/dev/outbox.css", "/dev/outbox/00000000-0000-4000-8000-000000000000"];

  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])("answers a connection from this machine (%s)", async (remoteAddress) => {
    const res = await t.app.inject({ url: "/dev/outbox.json", remoteAddress });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it.each(["10.1.2.3", "192.168.1.20", "203.0.113.7", "::ffff:10.0.0.1", "2001:db8::1", "128.0.0.1", "::2"])(
    "does not exist for a connection from elsewhere (%s)",
    async (remoteAddress) => {
      for (const url of PAGES) {
        const res = await t.app.inject({ url, remoteAddress });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message: "Not found." });
        expect(res.body, url).not.toContain(member.email);
      }
    },
  );

  it.each(["localhost", "localhost:3000", "LocalHost:3000", "127.0.0.1", "127.0.0.1:5173", "[::1]", "[::1]:3000", "[::1]:65535"])(
    "answers a browser that names this machine (Host: %s)",
    async (host) => {
      const res = await t.app.inject({ url: "/dev/outbox.json", remoteAddress: "127.0.0.1", headers: { host } });
      expect(res.statusCode).toBe(200);
    },
  );

  it.each([
    "evil.example:3000",
    "evil.example",
    "localhost.evil.example",
    "localhost.evil.example:3000",
    "127.0.0.1.nip.io",
    "127.0.0.1.nip.io:3000",
    "localhost:3000.evil.example",
    "[::1].evil.example",
    "localhost.",
    "localhost:",
    "localhost:http",
    "user@localhost",
    "127.0.0.2:3000",
    "0.0.0.0:3000",
    "[::ffff:127.0.0.1]:3000",
    "::1",
  ])("does not exist for a page on another name that resolves to this machine (Host: %s)", async (host) => {
    for (const url of PAGES) {
      const res = await t.app.inject({ url, remoteAddress: "127.0.0.1", headers: { host } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Not found." });
    }
  });

  it("does not exist for a request that names no host", async () => {
    const local = await createTestApp();
    try {
      const address = await local.app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = new URL(address);
      // HTTP/1.0 may leave Host out; the answer is the same 404 as any other refusal. The server closes the
      // connection once it has answered (HTTP/1.0 without keep-alive).
      const ask = (head: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect({ host: "127.0.0.1", port: Number(port) }, () => socket.write(`${head}\r\n\r\n`));
          let answer = "";
          socket.setEncoding("utf8");
          socket.on("data", (chunk: string) => (answer += chunk));
          socket.on("end", () => resolve(answer));
          socket.on("error", reject);
        });
      const missing = await ask("GET /dev/outbox.json HTTP/1.0");
      expect(missing).toMatch(/^HTTP\/1\.[01] 404 /);
      expect(missing).toContain('{"message":"Not found."}');
      expect(await ask(`GET /dev/outbox.json HTTP/1.0\r\nHost: 127.0.0.1:${port}`)).toMatch(/^HTTP\/1\.[01] 200 /);
    } finally {
      await local.close();
    }
  });

  it("never takes a forwarded address for the machine's own, even behind a trusted proxy", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      for (const headers of [
        { "x-forwarded-for": "127.0.0.1" },
        { "x-forwarded-for": "::1, 127.0.0.1" },
        { forwarded: "for=127.0.0.1" },
        { "x-real-ip": "127.0.0.1" },
      ]) {
        const res = await proxied.app.inject({ url: "/dev/outbox.json", remoteAddress: "198.51.100.4", headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      }
      // A proxy on this machine passing on someone else's request: still someone else's.
      const passedOn = await proxied.app.inject({
        url: "/dev/outbox.json",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
      expect(passedOn.statusCode).toBe(404);
      // A rebinding page's request with a forwarded host saying localhost: the header is a refusal, not a pass.
      const rebound = await proxied.app.inject({
        url: "/dev/outbox.json",
        remoteAddress: "127.0.0.1",
        headers: { host: "evil.example:3000", "x-forwarded-host": "localhost:3000" },
      });
      expect(rebound.statusCode).toBe(404);
      const forwardedHost = await proxied.app.inject({
        url: "/dev/outbox.json",
        remoteAddress: "127.0.0.1",
        headers: { host: "localhost:3000", "x-forwarded-host": "localhost:3000" },
      });
      expect(forwardedHost.statusCode).toBe(404);
      expect((await proxied.app.inject({ url: "/dev/outbox.json", remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
