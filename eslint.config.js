import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["better-sqlite3", "firebase-admin", "firebase-admin/*", "nodemailer"], message: "Only adapters under app/.server/<port>/ import drivers." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/.server/store/**", "app/.server/identity/**", "app/.server/blobs/**", "app/.server/mail/**", "tests/**", "scripts/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
