/**
 * What the model is told about the file, shell and subagent built-ins (name,
 * description, argument schema), apart from the code that runs them. A run
 * sends these with its first request; the implementations
 * (src/tools/read.ts, write.ts, edit.ts, bash.ts, subagent.ts and what they import) load
 * at a tool's first call (src/tools/mod.ts), so a prompt that calls no tool
 * never loads them. Each tool file spreads its spec, so the text lives here only; each call
 * returns fresh objects, so no tool shares a schema object with another.
 *
 * @module
 */

import type { ToolSpec } from "../model/types.ts";
import { MAX_BYTES, MAX_LINES } from "./truncate.ts";
import { SUBAGENT_TOOL_NAME } from "./names.ts";

/** bash's default timeout in seconds when the model gives none. */
export const DEFAULT_TIMEOUT_S = 120;

export const readSpec = (): ToolSpec => ({
  name: "read",
  description:
    `Read a file. Text comes back as numbered lines ("<n>\\t<line>"; the numbers are not part of the file), at most ${MAX_LINES} lines or ${
      MAX_BYTES / 1024
    } KiB per call: use "offset" (1-based line) and "limit" to read further. PNG, JPEG, GIF and WebP images come back as images. Relative paths are resolved against the working directory.`,
  schema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File to read (relative or absolute)" },
      offset: { type: "integer", description: "First line to show, 1-based", minimum: 1 },
      limit: { type: "integer", description: "Maximum number of lines to show", minimum: 1 },
    },
    required: ["path"],
  },
});

export const writeSpec = (): ToolSpec => ({
  name: "write",
  description:
    "Create or overwrite a file with the given content. Parent directories are created. Prefer the edit tool for changing part of an existing file.",
  schema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File to write (relative or absolute)" },
      content: { type: "string", description: "The complete new content" },
    },
    required: ["path", "content"],
  },
});

export const editSpec = (): ToolSpec => ({
  name: "edit",
  description:
    `Edit a file by exact text replacement. "edits" is a list of {oldText, newText}, applied in order; each oldText must match the current file exactly once (including whitespace and indentation), so include enough surrounding lines to make it unique. If any edit fails, nothing is written.`,
  schema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File to edit (relative or absolute)" },
      edits: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          properties: {
            oldText: { type: "string", description: "Exact text to replace; must occur once" },
            newText: { type: "string", description: "Replacement text" },
          },
          required: ["oldText", "newText"],
        },
      },
    },
    required: ["path", "edits"],
  },
});

export const bashSpec = (): ToolSpec => ({
  name: "bash",
  description:
    `Run a shell command with bash in the session's working directory. stdout and stderr are merged; stdin is closed (no interactive input). Output over 2000 lines or 50 KiB keeps the first and last parts. Optional "timeout" in seconds (default ${DEFAULT_TIMEOUT_S}); on timeout the command and everything it started is killed. Redirect the output of long-running background jobs to a file.`,
  schema: {
    type: "object",
    properties: {
      command: { type: "string", description: "The command to run with bash -c" },
      timeout: { type: "number", description: "Timeout in seconds" },
    },
    required: ["command"],
  },
});

/** Deadline of a subagent when the model names none. */
export const DEFAULT_SUBAGENT_TIMEOUT_S = 600;

export const subagentSpec = (): ToolSpec => ({
  name: SUBAGENT_TOOL_NAME,
  description: [
    "Delegate a self-contained task to a subagent: a separate zot with the same model, working in",
    "the same directory with its own fresh conversation. It cannot see this conversation, so the",
    "task must say everything it needs (goal, files, constraints, what to report back). Returns",
    "the subagent's final answer. Use it for independent side work (research, a focused change,",
    "a review) so this conversation stays short. Subagents cannot start subagents.",
  ].join(" "),
  schema: {
    type: "object",
    properties: {
      task: { type: "string", description: "The complete, self-contained task" },
      name: { type: "string", description: "Short label for the subagent (optional)" },
      tools: {
        type: "array",
        items: { type: "string" },
        description: "Only these tools for the subagent (default: the same tools as yours)",
      },
      timeout_s: {
        type: "number",
        description: `Deadline in seconds (default ${DEFAULT_SUBAGENT_TIMEOUT_S})`,
      },
    },
    required: ["task"],
  },
});
