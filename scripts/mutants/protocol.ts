/**
 * Mutants for the protocol scope: acting in the user's name (submit,
 * submit_slash, tool_prompt), built-in commands out of every extension's
 * reach, and refused subscriptions never delivered.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const SUBMIT = "src/extensions/host/submit.ts";
const WIDENING = "src/scope/widening.ts";
const ALLOWS = "src/scope/allows.ts";
const ACT = "tests/sandbox/act_for_user_test.ts";
const ACT_SCOPE = "tests/sandbox/act_for_user_scope_test.ts";
const BUILTINS = "tests/extensions/host/submit_slash_builtins_test.ts";
const TUI = "tests/modes/interactive/act_for_user_test.ts";
const DELIVERY = "tests/sandbox/intercept_delivery_test.ts";
const REFUSALS = "tests/extensions/host/refusals_test.ts";

export const mutants: Mutant[] = [
  {
    id: "protocol-submit-scope",
    protection: "a sandboxed extension needs scope.submit to submit prompts",
    file: SUBMIT,
    find: "if (record.scope && !allowsSubmit(record.scope)) {",
    replace: "if (false) {",
    tests: [ACT],
  },
  {
    id: "protocol-submit-slash-scope",
    protection: "a sandboxed extension needs scope.submit_slash to run its commands",
    file: SUBMIT,
    find: "if (record.scope && !allowsSubmitSlash(record.scope)) {",
    replace: "if (false) {",
    tests: [ACT],
  },
  {
    id: "protocol-submit-slash-registry-only",
    protection: "submit_slash resolves in the extension registry only (built-ins unreachable)",
    file: SUBMIT,
    find: "const command = core.registry.command(name);",
    replace: "const command = core.registry.command(name) ?? { name, extension: record.name };",
    tests: [BUILTINS],
  },
  {
    id: "protocol-submit-slash-own-commands",
    protection: "a sandboxed extension's submit_slash reaches only its own commands",
    file: SUBMIT,
    find: "if (record.scope && command.extension !== record.name) {",
    replace: "if (false) {",
    tests: [ACT],
  },
  {
    id: "protocol-refusal-cap",
    protection: "refusals in a loop cannot flood the diagnostics",
    file: "src/extensions/host/refusals.ts",
    find: "if (seen.has(message) || seen.size >= MAX_REPORTED) {",
    replace: "if (false) {",
    tests: [BUILTINS, REFUSALS],
  },
  {
    id: "protocol-refusal-dedupe",
    protection: "a refusal repeated in a loop is one diagnostic",
    file: "src/extensions/host/refusals.ts",
    find: "seen.has(message) || seen.size",
    replace: "seen.size",
    tests: [REFUSALS],
  },
  {
    id: "protocol-refusal-shown",
    protection: "names an extension chose reach messages without control characters",
    file: "src/extensions/host/refusals.ts",
    find: `return cut.replace(/[\\p{Cc}\\p{Cf}]/gu, "?");`,
    replace: "return cut;",
    tests: [REFUSALS],
  },
  {
    id: "protocol-tool-prompt-checked",
    protection: "a tool_prompt answer is checked against the scope before any mode applies it",
    file: "src/extensions/host/commands.ts",
    find: `if (outcome.action === "tool_prompt" && !outcome.error) {`,
    replace: "if (false) {",
    tests: [ACT, TUI],
  },
  {
    id: "protocol-tool-prompt-call-tool-list",
    protection: "tool_prompt reaches only the tools scope.call_tool lists",
    file: ALLOWS,
    find: "scope.toolPrompt && allowsCallTool(scope, tool);",
    replace: "scope.toolPrompt;",
    tests: [ACT, ACT_SCOPE],
  },
  {
    id: "protocol-tool-prompt-confirmed",
    protection: "a tool_prompt goes through the user's confirmation like a model tool call",
    file: "src/modes/interactive/tool_prompt.ts",
    find: "      agent.toolEnv(),\n",
    replace: "      { ...agent.toolEnv(), confirmer: undefined },\n",
    tests: [TUI],
  },
  {
    id: "protocol-confirm-shows-whole-call",
    protection: "the confirmation shows the whole call, not a preview that hides the tail",
    file: "src/modes/interactive/confirm.ts",
    find: "const whole = tellingArg(args) ??",
    replace: "const whole = request.preview ??",
    tests: ["tests/modes/interactive/confirm_preview_test.ts", TUI],
  },
  {
    id: "protocol-confirm-visible-controls",
    protection: "control characters in a call cannot restyle or hide the confirmation text",
    file: "src/modes/interactive/confirm.ts",
    find: '(c) => c === "\\n" ? c : `',
    replace: "(c) => c ?? `",
    tests: ["tests/modes/interactive/confirm_preview_test.ts"],
  },
  {
    id: "protocol-confirm-extension-starts-on-no",
    protection: "a confirmation for a call an extension started opens on no",
    file: "src/modes/interactive/confirm.ts",
    find: "selected: request.origin ? REFUSE_INDEX : 0,",
    replace: "selected: 0,",
    tests: ["tests/modes/interactive/confirm_preview_test.ts", TUI],
  },
  {
    id: "protocol-widening-submit",
    protection: "adding scope.submit widens the scope (asks again)",
    file: WIDENING,
    find: `["submit", granted.submit, current.submit],`,
    replace: "",
    tests: [ACT_SCOPE],
  },
  {
    id: "protocol-widening-submit-slash",
    protection: "adding scope.submit_slash widens the scope (asks again)",
    file: WIDENING,
    find: `["submit_slash", granted.submitSlash, current.submitSlash],`,
    replace: "",
    tests: [ACT_SCOPE],
  },
  {
    id: "protocol-widening-tool-prompt",
    protection: "adding scope.tool_prompt widens the scope (asks again)",
    file: WIDENING,
    find: `["tool_prompt", granted.toolPrompt, current.toolPrompt],`,
    replace: "",
    tests: [ACT_SCOPE],
  },
  {
    id: "protocol-consent-words",
    protection: "consent says in plain words that the extension may submit prompts",
    file: "src/sandbox/describe.ts",
    find: "if (scope.submit) {",
    replace: "if (false) {",
    tests: [ACT_SCOPE],
  },
  {
    id: "protocol-intercept-not-delivered",
    protection: "an intercept the scope does not declare is never sent to the extension",
    file: "src/extensions/host/subscriptions.ts",
    find: "if (scope && !allowsIntercept(scope, name)) {",
    replace: "if (false) {",
    tests: [DELIVERY],
  },
  {
    id: "protocol-system-prompt-not-delivered",
    protection: "before_agent_start is never sent without scope.system_prompt",
    file: ALLOWS,
    find: `if (event === "before_agent_start") return scope.systemPrompt;`,
    replace: `if (event === "before_agent_start") return true;`,
    tests: [DELIVERY],
  },
  {
    id: "protocol-event-not-delivered",
    protection: "an event the scope does not declare is never sent to the extension",
    file: "src/extensions/host/subscriptions.ts",
    find: "if (scope && !allowsEvent(scope, name)) {",
    replace: "if (false) {",
    tests: [DELIVERY],
  },
  {
    id: "stop-leaves-call-tool-unanswered",
    protection: "a call_tool still open when the host stops is answered before shutdown",
    file: "src/extensions/host/mod.ts",
    find: "    await Promise.all(this.#records.map((r) => answerAllCallTools(r, graceMs / 2)));\n",
    replace: "",
    tests: ["tests/extensions/host/call_tool_shutdown_test.ts"],
  },
];
