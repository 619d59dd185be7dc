import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Browser code links through `#app/framework/link` (Remix's Link, drawn on the server without its hooks). */
const remixLink = {
  name: "@remix-run/react",
  importNames: ["Link", "NavLink"],
  message: "Links come from #app/framework/link: Remix's Link and NavLink, drawn on the server without their hooks.",
};

const drivers = {
  group: ["better-sqlite3", "firebase-admin", "firebase-admin/*", "nodemailer"],
  message: "Only adapters under app/.server/<port>/ import drivers.",
};

/**
 * Reaching the services past `requestContext`: `context.services`, `args.context.services`, or
 * `{ services } = context`. Only the request plumbing (app/.server/auth, app/.server/http) reads the
 * load context; routes get a narrowed view of it from `requestContext(args)`.
 */
// Pages format numbers, dates and names through app/framework/intl.ts: the browser hydrates with the
// server's strings instead of building its own Intl objects (decision 044).
const pageIntlMessage = "Format through app/framework/intl.ts (numberFormat, dateTimeFormat, displayNamesOf): the browser hydrates with the server's strings (decision 044).";
const pageIntl = [
  { selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat|DisplayNames)$/]", message: pageIntlMessage },
  { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]", message: pageIntlMessage },
];

const loadContextServices = [
  {
    selector: "MemberExpression[property.name='services'][object.name='context']",
    message: "Routes reach the services through requestContext(args).services, never context.services.",
  },
  {
    selector: "MemberExpression[property.name='services'][object.property.name='context']",
    message: "Routes reach the services through requestContext(args).services, never context.services.",
  },
  {
    selector: "VariableDeclarator[init.name='context'] > ObjectPattern > Property[key.name='services']",
    message: "Routes reach the services through requestContext(args).services, never context.services.",
  },
];

/**
 * (`regex` patterns: a gitignore-style `group` reads a leading `#` as a comment.)
 *
 * The shape of the code, kept by lint (docs/STYLE.md, docs/ARCHITECTURE.md):
 * - only adapters import drivers;
 * - the domain imports no framework, no auth module and no driver: it gets ports injected;
 * - components and browser helpers import no server code;
 * - routes reach the marketplace through domain services, never a raw port.
 * Zones: a feature's domain is `app/features/<feature>/.server/` (with the shared kit in
 * `app/.server/domain/`), its route modules `app/features/<feature>/routes/`, and the rest of it
 * (components, schemas, views, its `index.ts`) is browser code like `app/components` and `app/utils`.
 */
export const shapeRules = [
  {
    files: ["app/features/*/.server/**", "app/.server/domain/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            drivers,
            { group: ["firebase", "firebase/*"], message: "The domain imports no driver." },
            { group: ["@remix-run/*"], message: "The domain is plain TypeScript: no framework imports (routes adapt requests)." },
            {
              regex: "^(#app/\\.server/auth|(\\.\\./)+auth)(/|$)",
              message: "The domain does not know sessions or guards: the auth module calls the domain, not the other way.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**", "app/utils/**", "app/framework/**", "app/features/**"],
    ignores: ["**/*.server.ts", "**/*.server.tsx", "**/*.test.ts", "**/*.test.tsx", "app/features/*/.server/**", "app/features/*/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            remixLink,
          ],
          patterns: [
            drivers,
            {
              regex: "(^#app/\\.server(/|$))|((^|/)\\.server(/|$))|(\\.server$)",
              allowTypeImports: true,
              message: "Browser code imports no server code (types only).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/features/*/routes/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            remixLink,
            {
              name: "#app/.server/auth/guards",
              importNames: ["getSessionUser", "requireUser", "requireAdmin", "requireAnonymous", "requireApiUser"],
              message: "Routes call the guards through requestContext(args) (ctx.requireUser(), ctx.getUser()…).",
            },
          ],
          patterns: [
            drivers,
            {
              regex: "^(#app/\\.server|(\\.\\./)+\\.server)/(store|blobs|identity)(/|$)",
              allowTypeImports: true,
              message: "Routes see domain services (requestContext), never a raw port.",
            },
            {
              regex: "^(#app/\\.server|(\\.\\./)+\\.server)/http/load-context$",
              allowTypeImports: true,
              message: "The whole services object is the request plumbing's: routes use requestContext(args).",
            },
          ],
        },
      ],
      "no-restricted-syntax": ["error", ...loadContextServices, ...pageIntl],
    },
  },
  {
    // Components and browser helpers never see a load context either.
    files: ["app/components/**", "app/utils/**", "app/framework/**", "app/features/**", "app/root.tsx"],
    // (intl.ts is where the Intl objects are built; dates.ts reads the market's zone, never shows a date.)
    ignores: ["**/*.test.ts", "**/*.test.tsx", "app/framework/intl.ts", "app/utils/dates.ts", "app/features/*/.server/**", "app/features/*/routes/**"],
    rules: { "no-restricted-syntax": ["error", ...loadContextServices, ...pageIntl] },
  },
];


/**
 * Each feature (`app/features/<feature>/`) is entered through its doors: `index.ts` (what any code
 * may import: views, components, schemas), `.server/index.ts` (its services, for server code) and,
 * where other features' pages use its pages' server parts, `index.server.ts`. Code outside a
 * feature imports one of them, never a file behind them, and a feature leaves its own
 * folder through `#app/…`, never `../` past its root (so a file's imports say where they go). A
 * separate rule name (`@typescript-eslint/no-restricted-imports`) keeps these apart from the
 * shape rules above, which a later block would otherwise replace. Tests and their helpers may reach
 * inside any feature.
 */
const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const testFiles = ["**/*.test.ts", "**/*.test.tsx", "**/*.test-helpers.ts", "**/*.suite.ts", "**/*.contract.ts"];
const doorMessage =
  "Enter a feature through its doors: #app/features/<feature> (views, components, schemas), #app/features/<feature>/.server (its services) or #app/features/<feature>/index.server (its pages' server parts).";
const beyondDoor = (except) => ({
  regex: `^(#app/|(\\.\\.?/)+)features/${except ? `(?!${except}/)` : ""}[^/]+/(?!(\\.server|index\\.server)$)`,
  message: doorMessage,
});
export const doorRules = [
  {
    files: ["app/**"],
    ignores: ["app/features/**", ...testFiles],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [beyondDoor()] }] },
  },
  ...features.flatMap((feature) =>
    [0, 1, 2, 3, 4].map((depth) => ({
      files: [`app/features/${feature}/${"*/".repeat(depth)}*`],
      ignores: testFiles,
      rules: {
        "@typescript-eslint/no-restricted-imports": [
          "error",
          {
            patterns: [
              beyondDoor(feature),
              { regex: `^(\\.\\./){${depth + 1}}`, message: `Code outside the ${feature} feature is named by #app/…, not ../ past the feature's folder.` },
            ],
          },
        ],
      },
    })),
  ),
];

export default tseslint.config(
  { ignores: ["build/**", "data/**", "node_modules/**", "test-results/**", "playwright-report/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "no-restricted-imports": ["error", { patterns: [drivers] }],
    },
  },
  ...shapeRules,
  ...doorRules,
  {
    files: ["app/.server/store/**", "app/.server/identity/**", "app/.server/blobs/**", "app/.server/mail/**", "tests/**", "scripts/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
