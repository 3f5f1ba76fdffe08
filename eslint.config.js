import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";
import tseslint from "typescript-eslint";

const features = readdirSync("apps/web/src/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The dependency direction of docs/architecture.md:
 * web → contracts, domain; api → contracts, domain, db, content; contracts → domain;
 * domain and db import nothing internal; web features do not import each other.
 */
const zones = [
  {
    target: "./packages/domain",
    from: ["./packages/contracts", "./packages/db", "./apps", "./content"],
    message: "domain is pure: it imports nothing internal.",
  },
  {
    target: "./packages/db",
    from: ["./packages/domain", "./packages/contracts", "./apps", "./content"],
    message: "db imports nothing internal.",
  },
  { target: "./packages/contracts", from: ["./packages/db", "./apps", "./content"], message: "contracts may import only domain." },
  {
    target: "./apps/web",
    from: ["./apps/api", "./packages/db", "./content"],
    message: "the web app may import only contracts and domain.",
  },
  { target: "./apps/api", from: ["./apps/web"], message: "the API never imports the web app." },
  ...features.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: "./apps/web/src/features",
    except: [`./${feature}`],
    message: "features do not import each other; compose them in a route module.",
  })),
  {
    target: "./apps/web/src/components",
    from: ["./apps/web/src/features", "./apps/web/src/app"],
    message: "shared components do not depend on features or routes.",
  },
  {
    target: "./apps/web/src/lib",
    from: ["./apps/web/src/features", "./apps/web/src/app", "./apps/web/src/components"],
    message: "lib is the bottom layer of the web app.",
  },
];

// The contracts bring zod: the web app takes only their types (values it shares live in @serene/domain).
const contractsTypesOnly = {
  name: "@serene/contracts",
  allowTypeImports: true,
  message: "Import only types from @serene/contracts in the web app; shared values live in @serene/domain.",
};

/** React-query's calls that read or write server data: only data modules make them (decision 057). */
const serverDataHooks = [
  "useQuery",
  "useQueries",
  "useSuspenseQuery",
  "useInfiniteQuery",
  "useMutation",
  "queryOptions",
  "infiniteQueryOptions",
];

/** One tsconfig per package: the import resolver and the type-aware rules read each file with its own. */
const tsconfigs = [
  "packages/domain",
  "packages/contracts",
  "packages/db",
  "content",
  "apps/api",
  "apps/web",
  "apps/web/sw",
  "e2e",
  ".",
].map((dir) => `${dir}/tsconfig.json`);

/** A redirect parameter is read only inside the one rule for paths on this site (decision 056). */
const redirectReadRule = {
  selector:
    "CallExpression[callee.property.name='get'][arguments.0.value=/^(redirect|redirectParams|redirect_url|return|return_url|returnUrl|returnTo|next|back|continue)$/]" +
    ":not(CallExpression[callee.name=/^(safeRedirectPath|sameSitePath|isSameOriginPath|sameOriginLocation|safeRedirect)$/] > CallExpression.arguments)",
  message:
    "Read a redirect parameter only inside safeRedirectPath(...) or sameSitePath(...) from @serene/domain, so it cannot lead off the site (decision 056).",
};

/** What a routes file takes from the route kit (apps/api/src/http) instead of writing its own (decision 058). */
const routeKitRules = [
  {
    selector: "Property[key.name=/^(tags|security)$/]",
    message: "Name a route's tag, summary and sign-in in its docs with routeDocs(tag, access) from apps/api/src/http.",
  },
  {
    selector:
      "ImportDeclaration[source.value='@serene/contracts'] > ImportSpecifier[imported.name=/^(ErrorResponse|ValidationErrorResponse|errorResponses)$/]",
    message: "Take a route's error answers from apps/api/src/http (memberErrors, publicErrors, errorsOnly(...), ...).",
  },
  {
    selector: "MemberExpression[object.property.name='headers'][property.name='authorization']",
    message: "Optional sign-in is optionalMember(app) from apps/api/src/http; member-only is memberOnly(app).",
  },
  {
    selector: "CallExpression[callee.property.name='consume']",
    message: "Declare a route's rate limit with limitPerMember(...) or limitPerAddress(...) from apps/api/src/http.",
  },
];

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", ".test-data/**", "packages/db/migrations/**", "bench-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: "module" },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: tsconfigs, noWarnOnMultipleProjects: true })],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    // Type-aware rules where they pay: a promise is awaited, returned or explicitly voided, and
    // never handed to a place that expects a plain function (an event handler, a hook).
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The server runs as Node runs TypeScript, with its types stripped and nothing resolved for it
    // (decision 065): every relative import names its file, `.ts` included.
    files: ["apps/api/src/**/*.ts", "packages/*/src/**/*.ts", "content/**/*.ts"],
    rules: { "import-x/extensions": ["error", "always", { ignorePackages: true, checkTypeImports: true }] },
  },
  {
    // Repositories are the only files that query the database. Tests may read rows to check a
    // promise; the seed loaders write the shipped content in bulk.
    files: ["apps/api/src/**/*.ts", "content/**/*.ts"],
    ignores: ["**/*.repository.ts", "**/*.test.ts", "apps/api/src/test/**", "apps/api/src/seed/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["drizzle-orm", "drizzle-orm/*"], message: "Query the database only in a *.repository.ts file." }] },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": ["error", { paths: [contractsTypesOnly] }],
    },
  },
  {
    // One server-data layer (decision 057): the API client's `api` and react-query's query and
    // mutation hooks are used only in data modules, a feature's `api/` folder or the shared
    // lib/server-data (lib/buying/api for buying); screens and hooks call those modules' hooks.
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: [
      "**/api/**",
      "apps/web/src/lib/server-data/**",
      "apps/web/src/lib/api-client.ts",
      "**/*.test.{ts,tsx}",
      "apps/web/src/test/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            contractsTypesOnly,
            {
              name: "@tanstack/react-query",
              importNames: serverDataHooks,
              message:
                "Read and write server data through a data module (a feature's api/ folder or lib/server-data), not here (decision 057).",
            },
          ],
          patterns: [
            {
              regex: "(^|/)api-client$",
              importNames: ["api"],
              message: "Call the API only from a data module (a feature's api/ folder or lib/server-data), not here (decision 057).",
            },
          ],
        },
      ],
    },
  },
  {
    // A redirect read from a URL is followed only through the one rule for paths on this site
    // (sameSitePath in @serene/domain, decision 056): its read sits inside the call that judges it.
    files: ["apps/web/src/**/*.{ts,tsx}", "apps/api/src/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "apps/web/src/test/**", "apps/api/src/test/**"],
    rules: { "no-restricted-syntax": ["error", redirectReadRule] },
  },
  {
    // The API's routes take their docs, error answers, sign-in and rate limits from the route kit
    // (apps/api/src/http, decision 058): no routes file defines its own. The redirect rule above still holds.
    files: ["apps/api/src/modules/**/*.routes.ts"],
    rules: { "no-restricted-syntax": ["error", redirectReadRule, ...routeKitRules] },
  },
  {
    files: ["scripts/**", "apps/web/scripts/**", "e2e/**", "content/scripts/**"],
    rules: { "no-console": "off" },
  },
);
