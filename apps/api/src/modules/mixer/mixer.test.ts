import { MIXER_MAX_LAYERS, MIXER_MAX_PRESETS, MIXER_MESSAGES, MIXER_NAME_MAX } from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { bearer, randomIp, registerMember, rows, type Member } from "../../test/accounts.ts";
import { catalogue, findItem } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerMember(t.app, t.database, { name: "Alice" });
  bob = await registerMember(t.app, t.database, { name: "Bob" });
});
afterAll(async () => t.close());

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const NOT_FOUND = { message: "Mix not found." };
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// Single soundscapes of the shipped catalogue (some stand alone, some are audios of a playlist), and items that are not.
const beds = catalogue.items.filter((item) => item.model === "music-soundscape" && !item.children?.length);
const [rain, tide, piano, drone] = beds;
const playlist = findItem((item) => item.model === "music-soundscape-playlist" && (item.children?.length ?? 0) > 0, "a playlist");
const meditation = findItem((item) => item.model === "meditation-sleep" && !item.children?.length, "a meditation");
const UNKNOWN_ITEM = 2_000_000_000;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/user/mixes${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: randomIp(),
  });

interface MixAnswer {
  id: string;
  name: string;
  layers: { id: number; volume: number; name: string; cover: string }[];
  created_at: string;
  updated_at: string;
}
const save = async (member: Member, name: string, layers = [{ id: rain!.id, volume: 0.5 }]) => {
  const res = await call("POST", "", member.token, { name, layers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as MixAnswer;
};
const mixesOf = (member: Member) =>
  rows(t.database, "select id, name, layers, updated_at from mixer_presets where user_id = $1 order by created_at, id", [member.id]);
const listOf = async (member: Member) => {
  const res = await call("GET", "?t=1", member.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MixAnswer[];
};

describe("a member's mixes", () => {
  it("has the catalogue's soundscapes to mix", () => {
    expect(beds.length).toBeGreaterThan(MIXER_MAX_LAYERS);
  });

  it("saves a mix (201), lists it, edits it and deletes it (204)", async () => {
    const member = await registerMember(t.app, t.database);
    expect(await listOf(member)).toEqual([]);

    const created = await call("POST", "", member.token, {
      name: "  Rainy harbour  ",
      layers: [
        { id: tide!.id, volume: 0.8 },
        { id: rain!.id, volume: 0 },
        { id: piano!.id, volume: 1 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers["cache-control"]).toBe("no-store");
    const mix = created.json().data as MixAnswer;
    expect(mix).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Rainy harbour",
      layers: [
        { id: tide!.id, volume: 0.8, name: tide!.name, cover: expect.stringMatching(new RegExp(`/covers/${tide!.slug}\\.svg$`)) },
        { id: rain!.id, volume: 0, name: rain!.name, cover: expect.stringMatching(new RegExp(`/covers/${rain!.slug}\\.svg$`)) },
        { id: piano!.id, volume: 1, name: piano!.name, cover: expect.stringMatching(new RegExp(`/covers/${piano!.slug}\\.svg$`)) },
      ],
      created_at: expect.stringMatching(ISO_UTC),
      updated_at: expect.stringMatching(ISO_UTC),
    });
    expect(await listOf(member)).toEqual([mix]);
    expect(await mixesOf(member)).toEqual([
      {
        id: mix.id,
        name: "Rainy harbour",
        layers: [
          { id: tide!.id, volume: 0.8 },
          { id: rain!.id, volume: 0 },
          { id: piano!.id, volume: 1 },
        ],
        updated_at: expect.anything(),
      },
    ]);

    const edited = await call("PUT", `/${mix.id.toUpperCase()}`, member.token, {
      name: "Piano alone",
      layers: [{ id: piano!.id, volume: 0.4 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().data as MixAnswer;
    expect(after).toMatchObject({ id: mix.id, name: "Piano alone", created_at: mix.created_at });
    expect(after.layers).toEqual([{ id: piano!.id, volume: 0.4, name: piano!.name, cover: mix.layers[2]!.cover }]);
    expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(mix.updated_at));
    expect(await listOf(member)).toEqual([after]);

    const deleted = await call("DELETE", `/${mix.id}`, member.token);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe("");
    expect(await mixesOf(member)).toEqual([]);
    expect(await listOf(member)).toEqual([]);
    const again = await call("DELETE", `/${mix.id}`, member.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
  });

  it("lists the member's own mixes, the latest changed first", async () => {
    const member = await registerMember(t.app, t.database);
    const first = await save(member, "First");
    const second = await save(member, "Second");
    const third = await save(member, "Third");
    await save(bob, "Not on the member's list");
    expect((await listOf(member)).map((mix) => mix.name)).toEqual(["Third", "Second", "First"]);

    // Editing the first brings it to the top.
    const edited = await call("PUT", `/${first.id}`, member.token, { name: "First, again", layers: [{ id: drone!.id, volume: 0.3 }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await listOf(member)).map((mix) => mix.id)).toEqual([first.id, third.id, second.id]);
  });

  it("takes exactly the longest name and the most sounds, and a playlist's own soundscapes", async () => {
    const member = await registerMember(t.app, t.database);
    const layers = beds.slice(-MIXER_MAX_LAYERS).map((bed, index) => ({ id: bed.id, volume: index / 4 }));
    const mix = await save(member, "n".repeat(MIXER_NAME_MAX), layers);
    expect(mix.name).toHaveLength(MIXER_NAME_MAX);
    expect(mix.layers.map((layer) => ({ id: layer.id, volume: layer.volume }))).toEqual(layers);
  });

  it("ignores fields it does not know (an id, an owner, dates, a layer's name)", async () => {
    const res = await call("POST", "", alice.token, {
      name: "Mine",
      layers: [{ id: rain!.id, volume: 0.5, name: "Something else" }],
      id: UNKNOWN_ID,
      user_id: bob.id,
      created_at: "2000-01-01T00:00:00.000Z",
    });
    expect(res.statusCode, res.body).toBe(201);
    const mix = res.json().data as MixAnswer;
    expect(mix.id).not.toBe(UNKNOWN_ID);
    expect(mix.created_at).not.toBe("2000-01-01T00:00:00.000Z");
    expect(mix.layers[0]!.name).toBe(rain!.name);
    expect(await rows(t.database, "select user_id, layers from mixer_presets where id = $1", [mix.id])).toEqual([
      { user_id: alice.id, layers: [{ id: rain!.id, volume: 0.5 }] },
    ]);
  });

  it(`keeps up to ${MIXER_MAX_PRESETS} mixes: the next is refused on name, and deleting one makes room`, async () => {
    const member = await registerMember(t.app, t.database);
    const saved: MixAnswer[] = [];
    for (let n = 1; n <= MIXER_MAX_PRESETS; n++) saved.push(await save(member, `Mix ${n}`));
    const refused = await call("POST", "", member.token, { name: "One more", layers: [{ id: rain!.id, volume: 0.5 }] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({ message: MIXER_MESSAGES.tooMany, errors: { name: [MIXER_MESSAGES.tooMany] } });
    expect(await mixesOf(member)).toHaveLength(MIXER_MAX_PRESETS);
    // Editing one of them is still fine, and another member is not counted with this one.
    expect(
      (await call("PUT", `/${saved[0]!.id}`, member.token, { name: "Edited", layers: [{ id: tide!.id, volume: 1 }] })).statusCode,
    ).toBe(200);
    await save(bob, "Bob's own");

    expect((await call("DELETE", `/${saved[5]!.id}`, member.token)).statusCode).toBe(204);
    await save(member, "One more");
    expect(await mixesOf(member)).toHaveLength(MIXER_MAX_PRESETS);
  });

  it("two saves at once never pass the limit together", async () => {
    const member = await registerMember(t.app, t.database);
    for (let n = 1; n < MIXER_MAX_PRESETS; n++) await save(member, `Mix ${n}`);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => call("POST", "", member.token, { name: `Last ${n}`, layers: [{ id: rain!.id, volume: 0.5 }] })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422, 422]);
    expect(await mixesOf(member)).toHaveLength(MIXER_MAX_PRESETS);
  });

  it("the mixes go with the member's account", async () => {
    const member = await registerMember(t.app, t.database);
    await save(member, "Gone with the account");
    await t.database.executeSql("delete from users where id = $1", [member.id]);
    expect(await mixesOf(member)).toEqual([]);
  });
});

describe("bad mixes are refused and nothing is stored", () => {
  const layer = (id: number | undefined = rain?.id, volume: unknown = 0.5) => ({ id, volume });
  const required = (field: string) => `The ${field} field is required.`;
  const cases: [string, unknown, Record<string, string[]>][] = [
    ["nothing", {}, { name: [required("name")], layers: [required("layers")] }],
    ["nulls", { name: null, layers: null }, { name: [required("name")], layers: [required("layers")] }],
    ["a blank name", { name: "   ", layers: [layer()] }, { name: [required("name")] }],
    [
      "a name too long",
      { name: "a".repeat(MIXER_NAME_MAX + 1), layers: [layer()] },
      { name: [`The name field must not be greater than ${MIXER_NAME_MAX} characters.`] },
    ],
    [
      "wrong types",
      { name: 42, layers: "rain" },
      { name: ["The name field must be a string."], layers: ["The layers field must be a list."] },
    ],
    ["no sounds", { name: "Quiet", layers: [] }, { layers: ["The layers field must have at least 1 sound."] }],
    [
      "four sounds",
      { name: "Busy", layers: beds.slice(0, MIXER_MAX_LAYERS + 1).map((bed) => layer(bed.id)) },
      { layers: [`The layers field must not have more than ${MIXER_MAX_LAYERS} sounds.`] },
    ],
    [
      "a layer without an id or volume",
      { name: "Half", layers: [{}] },
      { "layers.0.id": [required("id")], "layers.0.volume": [required("volume")] },
    ],
    [
      "a layer of wrong types",
      { name: "Odd", layers: [{ id: "rain", volume: "loud" }] },
      { "layers.0.id": ["The id must be a number."], "layers.0.volume": ["The volume must be a number."] },
    ],
    ["a fractional id", { name: "Odd", layers: [layer(1.5)] }, { "layers.0.id": ["The id must be an integer."] }],
    ["an id of 0", { name: "Odd", layers: [layer(0)] }, { "layers.0.id": ["The id must be at least 1."] }],
    ["a volume below 0", { name: "Odd", layers: [layer(rain?.id, -0.1)] }, { "layers.0.volume": ["The volume must be at least 0."] }],
    [
      "a volume above 1",
      { name: "Odd", layers: [layer(rain?.id, 1.01)] },
      { "layers.0.volume": ["The volume must not be greater than 1."] },
    ],
    ["a sound twice", { name: "Twice", layers: [layer(), layer(tide?.id), layer()] }, { "layers.2.id": [MIXER_MESSAGES.duplicate] }],
    ["a meditation", { name: "Talking", layers: [layer(), layer(meditation.id)] }, { "layers.1.id": [MIXER_MESSAGES.notABed] }],
    ["a playlist", { name: "List", layers: [layer(playlist.id)] }, { "layers.0.id": [MIXER_MESSAGES.notABed] }],
    ["an item nobody has", { name: "Ghost", layers: [layer(UNKNOWN_ITEM)] }, { "layers.0.id": [MIXER_MESSAGES.notABed] }],
  ];

  it.each(cases)("POST with %s: a Laravel-shaped 422 naming each field", async (_case, body, errors) => {
    const member = await registerMember(t.app, t.database);
    const res = await call("POST", "", member.token, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(res.json().message.startsWith(Object.values(errors)[0]![0]!)).toBe(true);
    expect(await mixesOf(member)).toEqual([]);
  });

  it.each(cases)("PUT with %s: the same 422, and the mix is unchanged", async (_case, body, errors) => {
    const member = await registerMember(t.app, t.database);
    const mix = await save(member, "Kept");
    const before = await mixesOf(member);
    const res = await call("PUT", `/${mix.id}`, member.token, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(await mixesOf(member)).toEqual(before);
  });

  it("refuses a body over the size limit with 413", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await call("POST", "", member.token, { name: "x".repeat(20 * 1024), layers: [layer()] });
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().message).toBe("string");
    expect(await mixesOf(member)).toEqual([]);
  });
});

describe("another member's mix, an unknown id, a malformed id", () => {
  it("answer the same 404 for edit and delete, are absent from the list, and nothing changes", async () => {
    const mix = await save(alice, "Alice's own");
    const before = await mixesOf(alice);
    expect((await listOf(bob)).map((m) => m.id)).not.toContain(mix.id);
    for (const id of [mix.id, UNKNOWN_ID, "not-a-uuid", "1", "%20", "00000000-0000-4000-8000-00000000000g"]) {
      for (const [method, payload] of [
        ["PUT", { name: "Taken", layers: [{ id: tide!.id, volume: 1 }] }],
        ["DELETE", undefined],
      ] as const) {
        const res = await call(method, `/${id}`, bob.token, payload);
        expect(res.statusCode, `${method} ${id}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
    expect(await mixesOf(alice)).toEqual(before);
    expect((await listOf(alice)).map((m) => m.id)).toContain(mix.id);
  });
});

describe("access", () => {
  it("needs a live bearer token (401) on every call, before the body is read", async () => {
    const mix = await save(alice, "Guarded");
    for (const [method, url] of [
      ["GET", ""],
      ["POST", ""],
      ["PUT", `/${mix.id}`],
      ["DELETE", `/${mix.id}`],
    ] as const) {
      for (const token of [undefined, "not-a-token"]) {
        const res = await call(method, url, token, method === "POST" || method === "PUT" ? {} : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: "Unauthenticated." });
      }
    }
    expect((await listOf(alice)).find((m) => m.id === mix.id)?.name).toBe("Guarded");
  });

  it(`takes ${RATE_LIMITS.mixWrite.account.points} writes a minute from one member, then answers 429 with Retry-After`, async () => {
    const member = await registerMember(t.app, t.database, { name: "Busy" });
    const mix = await save(member, "First");
    for (let sent = 1; sent < RATE_LIMITS.mixWrite.account.points; sent++) {
      const res = await call("PUT", `/${mix.id}`, member.token, { name: `Edit ${sent}`, layers: [{ id: rain!.id, volume: 0.5 }] });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [method, url] of [
      ["POST", ""],
      ["PUT", `/${mix.id}`],
      ["DELETE", `/${mix.id}`],
    ] as const) {
      const held = await call(
        method,
        url,
        member.token,
        method === "DELETE" ? undefined : { name: "More", layers: [{ id: rain!.id, volume: 1 }] },
      );
      expect(held.statusCode, method).toBe(429);
      expect(held.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
      expect(Number(held.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    // Reading is not held back, and nor is another member.
    expect(await listOf(member)).toHaveLength(1);
    await save(bob, "Fine");
  });
});
