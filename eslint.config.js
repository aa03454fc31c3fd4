import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/build/**", "**/dist/**", "**/.react-router/**", ".data/**", "test-results/**", "playwright-report/**", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    // The contracts' zod schemas would join the browser's first load (decision 0005): the site
    // takes their types only; run-time helpers live in zod-free modules (contracts/flow-fields).
    files: ["apps/web/app/**/*.{ts,tsx}"],
    // file-upload-field is a lazy chunk (fields/registry.tsx) that checks a stored value with the contract's schema.
    ignores: ["**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}", "apps/web/app/fields/file-upload-field.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: "zod stays on the server: the site's first-load JS must not carry it.", allowTypeImports: true }],
          patterns: [
            {
              group: ["@pinjaman/contracts/*", "!@pinjaman/contracts/flow-fields"],
              message: "Import only types from the contracts (their zod schemas would join the first-load JS); run-time helpers go to a zod-free module.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures name their callback `use`; it is not a React hook.
    files: ["e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
