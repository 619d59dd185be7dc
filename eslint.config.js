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
 */
export const shapeRules = [
  {
    files: ["app/.server/domain/**"],
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
    files: ["app/components/**", "app/utils/**", "app/framework/**"],
    ignores: ["**/*.server.ts", "**/*.server.tsx", "**/*.test.ts", "**/*.test.tsx"],
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
    files: ["app/routes/**"],
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
    files: ["app/components/**", "app/utils/**", "app/framework/**", "app/root.tsx"],
    // (intl.ts is where the Intl objects are built.)
    ignores: ["**/*.test.ts", "**/*.test.tsx", "app/framework/intl.ts"],
    rules: { "no-restricted-syntax": ["error", ...loadContextServices, ...pageIntl] },
  },
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
  {
    files: ["app/.server/store/**", "app/.server/identity/**", "app/.server/blobs/**", "app/.server/mail/**", "tests/**", "scripts/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
