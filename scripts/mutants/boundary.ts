/**
 * Mutants for parsing at the boundary: what the host trusts after `parseExtToHost` must really
 * hold, since the host no longer checks the shape again (tool-result blocks, `call_tool` args,
 * `modified_args`, `system_prompt`).
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const VALIDATE = "src/protocol/validate.ts";
const VALIDATE_TEST = "tests/protocol/validate_test.ts";

export const mutants: Mutant[] = [
  {
    id: "boundary-tool-result-blocks-raw",
    protection: "every tool_result block is typed at the boundary; unknown ones become a note",
    file: VALIDATE,
    find: `content: contentList(o, "content")?.map(asReceivedBlock),`,
    replace: `content: contentList(o, "content") as ReceivedBlock[] | undefined,`,
    tests: [VALIDATE_TEST, "tests/extensions/host/ext_tool_test.ts"],
  },
  {
    id: "boundary-call-tool-args-raw",
    protection: "call_tool args that are not a JSON object never reach a tool (refused)",
    file: VALIDATE,
    find: "args: isRecord(o.args) ? o.args : undefined,",
    replace: "args: o.args as JsonObject | undefined,",
    tests: [VALIDATE_TEST, "tests/extensions/host/call_tool_test.ts"],
  },
  {
    id: "boundary-modified-args-raw",
    protection: "modified_args that are not a JSON object are ignored with a diagnostic",
    file: VALIDATE,
    find: "if (isRecord(args)) frame.modified_args = args;",
    replace: "if (args !== undefined && args !== null) frame.modified_args = args as JsonObject;",
    tests: [VALIDATE_TEST, "tests/extensions/host/intercept_test.ts"],
  },
  {
    id: "boundary-system-prompt-raw",
    protection: "a system_prompt that is not a string (null included) never replaces the prompt",
    file: VALIDATE,
    find: `if (typeof prompt === "string") frame.system_prompt = prompt;`,
    replace: "if (true) frame.system_prompt = prompt as string;",
    tests: [VALIDATE_TEST, "tests/extensions/host/before_agent_start_test.ts"],
  },
  {
    id: "boundary-result-blocks-unbounded",
    protection: "an extension's tool result reaches the model as at most RESULT_MAX_BLOCKS blocks",
    file: "src/extensions/host/ext_tool.ts",
    find: "blocks.slice(0, RESULT_MAX_BLOCKS)",
    replace: "blocks",
    tests: ["tests/extensions/host/ext_tool_test.ts"],
  },
  {
    id: "boundary-image-type-unchecked",
    protection: "an extension's image must be of a type every provider takes",
    file: "src/extensions/host/ext_tool.ts",
    find: "  if (!IMAGE_TYPES.includes(mime)) {",
    replace: "  if (false) {",
    tests: ["tests/extensions/host/ext_tool_test.ts"],
  },
  {
    id: "boundary-image-empty-accepted",
    protection: "an extension's image with no data is an error, not an empty image",
    file: "src/extensions/host/ext_tool.ts",
    find: '  if (data === "") return "empty image data";\n',
    replace: "",
    tests: ["tests/extensions/host/ext_tool_test.ts"],
  },
];
