import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

/** Foundry globals that must never appear in the framework-free rules engine. */
const FOUNDRY_GLOBALS = [
  "foundry",
  "game",
  "CONFIG",
  "ui",
  "canvas",
  "Hooks",
  "Actor",
  "Item",
  "ChatMessage",
  "Combat",
  "Combatant",
  "Roll",
  "CONST",
  "fromUuid",
  "fromUuidSync",
].map((name) => ({ name, message: "src/core and src/rules must stay free of Foundry globals." }));

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "bench/dist/**",
      "release/**",
      "node_modules/**",
      "test-output/**",
      "packs/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/core/**/*.ts", "src/rules/**/*.ts"],
    languageOptions: { globals: {} },
    rules: {
      "no-restricted-globals": ["error", ...FOUNDRY_GLOBALS],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/foundry/**", "fvtt-types", "fvtt-types/**"],
              message: "No Foundry imports in the rules engine.",
            },
            {
              group: ["node:*", "fs", "path", "process"],
              message: "The rules engine runs in browsers too: no Node built-ins.",
            },
          ],
        },
      ],
    },
  },
);
