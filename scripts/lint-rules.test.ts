import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The lint rules that keep the layers apart must be able to fire: a planted two-file import cycle
 * inside a real package is reported by `import-x/no-cycle`, with the project's own ESLint config.
 */
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const planted = path.join(repoRoot, "packages/domain/src/planted-cycle-check");
const plantedModule = path.join(repoRoot, "apps/api/src/modules/planted-kit-check");
const plantedFeature = path.join(repoRoot, "apps/web/src/features/planted-data-check");

afterAll(() => {
  rmSync(planted, { recursive: true, force: true });
  rmSync(plantedModule, { recursive: true, force: true });
  rmSync(plantedFeature, { recursive: true, force: true });
});

describe("eslint.config.js", () => {
  it("reports an import cycle between two files of a package", async () => {
    mkdirSync(planted, { recursive: true });
    const a = path.join(planted, "first.ts");
    const b = path.join(planted, "second.ts");
    writeFileSync(a, 'import { second } from "./second";\nexport const first = (): number => second() + 1;\n');
    writeFileSync(b, 'import { first } from "./first";\nexport const second = (): number => (typeof first === "function" ? 1 : 0);\n');
    const eslint = new ESLint({ cwd: repoRoot });
    const results = await eslint.lintFiles([a, b]);
    const cycles = results.flatMap((result) => result.messages.filter((message) => message.ruleId === "import-x/no-cycle"));
    expect(cycles).toHaveLength(2);
  }, 120_000);

  it("reports a routes file that writes its own docs, error answers, optional sign-in or rate limit (decision 058)", async () => {
    mkdirSync(plantedModule, { recursive: true });
    const file = path.join(plantedModule, "planted.routes.ts");
    writeFileSync(
      file,
      [
        'import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";',
        'import { ErrorResponse, errorResponses } from "@serene/contracts";',
        'import type { RateLimiter } from "../../plugins/rate-limit";',
        "",
        "const errors = { ...errorResponses, 401: ErrorResponse };",
        "",
        "export function plantedRoutes(limiter: RateLimiter): FastifyPluginAsyncZod {",
        "  return async (app) => {",
        '    const docs = (summary: string) => ({ tags: ["planted"], summary, security: [{ bearer: [] }] });',
        "    app.get(",
        '      "/planted",',
        "      {",
        "        onRequest: async (request, reply) => {",
        "          if (request.headers.authorization !== undefined) await app.authenticate.call(app, request, reply);",
        '          await limiter.consume("quiz", request.ip);',
        "        },",
        '        schema: { ...docs("Planted"), response: { ...errors } },',
        "      },",
        '      async () => ({ message: "planted" }),',
        "    );",
        "  };",
        "}",
        "",
      ].join("\n"),
    );
    const eslint = new ESLint({ cwd: repoRoot });
    const [result] = await eslint.lintFiles([file]);
    const kit = result!.messages.filter((message) => message.ruleId === "no-restricted-syntax").map((message) => message.message);
    expect(kit.filter((message) => message.includes("routeDocs("))).toHaveLength(2);
    expect(kit.filter((message) => message.includes("error answers"))).toHaveLength(2);
    expect(kit.filter((message) => message.includes("optionalMember(app)"))).toHaveLength(1);
    expect(kit.filter((message) => message.includes("limitPerMember("))).toHaveLength(1);
  }, 120_000);

  it("reports a screen that calls the API or react-query itself, and lets a data module do it (decision 057)", async () => {
    mkdirSync(path.join(plantedFeature, "components"), { recursive: true });
    mkdirSync(path.join(plantedFeature, "api"), { recursive: true });
    const source = [
      'import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";',
      'import { api, ApiError } from "../../../../lib/api-client";',
      "",
      'const options = queryOptions({ queryKey: ["planted"], queryFn: () => api.get("user") });',
      "export const usePlanted = () => useQuery(options);",
      'export const useForget = () => useMutation({ mutationFn: () => api.delete("user/token") });',
      "export const isPlantedError = (error: unknown) => error instanceof ApiError;",
      "",
    ].join("\n");
    const screen = path.join(plantedFeature, "components", "planted-screen.tsx");
    const module = path.join(plantedFeature, "api", "planted.ts");
    writeFileSync(screen, source);
    writeFileSync(module, source);
    const eslint = new ESLint({ cwd: repoRoot });
    const [onScreen, inModule] = await eslint.lintFiles([screen, module]);
    const restricted = (result: ESLint.LintResult | undefined) =>
      result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
    // queryOptions, useMutation, useQuery and api are refused on a screen; ApiError (an error's type) is not.
    expect(restricted(onScreen).filter((message) => message.includes("decision 057"))).toHaveLength(4);
    expect(restricted(onScreen).some((message) => message.includes("'ApiError'"))).toBe(false);
    expect(restricted(inModule)).toEqual([]);
  }, 120_000);
});
