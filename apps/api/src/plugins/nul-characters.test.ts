import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pathsWithNul } from "./nul-characters.ts";

describe("finding NUL characters in a request", () => {
  it("names each field, nested and in lists, keys included", () => {
    expect(pathsWithNul({ name: "a\u0000b", notes: [{ text: "ok" }, { text: "\u0000" }], ["k\u0000"]: 1 })).toEqual([
      "body",
      "name",
      "notes.1.text",
    ]);
    expect(pathsWithNul(Object.assign(Object.create(null) as object, { q: "x\u0000" }))).toEqual(["q"]);
    // The query parser's objects have a prototype of their own.
    function Empty() {}
    Empty.prototype = Object.create(null) as object;
    expect(pathsWithNul(Object.assign(Object.create(Empty.prototype as object) as object, { return_url: "/home\u0000" }))).toEqual([
      "return_url",
    ]);
  });

  it("leaves an upload's stream and a Buffer unread: their insides are not fields (walking a socket's object graph ran out of memory)", () => {
    const stream = Object.assign(Readable.from(["\u0000"]), { name: "\u0000" });
    expect(pathsWithNul(stream)).toEqual([]);
    expect(pathsWithNul(Buffer.from("\u0000"))).toEqual([]);
  });
});
