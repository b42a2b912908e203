// todo: an interactive panel, an LLM tool, and state in the data directory.
// /todo opens the list (↑/↓ move, x or enter toggles, d deletes, esc closes);
// /todo add <text> adds an item; the model manages the same list through the
// todo_manage tool. The list lives in <data dir>/todos.json.
import { display, errorResult, Extension, textResult } from "./zot_sdk/sdk/mod.ts";

interface Todo {
  text: string;
  done: boolean;
}

const ext = new Extension("todo", "1.0.0");
let todos: Todo[] = [];
let selected = 0;

const file = () => `${ext.host.data_dir}/todos.json`;

async function loadTodos(): Promise<void> {
  try {
    const parsed: unknown = JSON.parse(await Deno.readTextFile(file()));
    if (Array.isArray(parsed)) {
      todos = parsed.filter((t) => typeof t?.text === "string").map((t) => ({
        text: t.text,
        done: t.done === true,
      }));
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) ext.log("cannot read todos.json:", e);
  }
}

/** Temp file + rename: a crash mid-write never leaves a torn list. */
async function save(): Promise<void> {
  const tmp = `${file()}.tmp`;
  await Deno.writeTextFile(tmp, JSON.stringify(todos, null, 2) + "\n");
  await Deno.rename(tmp, file());
}

const FOOTER = "↑/↓ move · x/enter toggle · d delete · esc close";

function view() {
  const lines = todos.length === 0
    ? ["(nothing to do: /todo add <text>)"]
    : todos.map((t, i) => `${i === selected ? "▸ " : "  "}${t.done ? "✓" : "☐"} ${t.text}`);
  return { title: `Todos (${todos.filter((t) => !t.done).length} open)`, lines, footer: FOOTER };
}

function summary(): string {
  if (todos.length === 0) return "The todo list is empty.";
  return todos.map((t, i) => `${i + 1}. [${t.done ? "x" : " "}] ${t.text}`).join("\n");
}

async function changed(): Promise<void> {
  selected = Math.max(0, Math.min(selected, todos.length - 1));
  await save();
  if (panel.isOpen) panel.render(view());
}

const panel = ext.panel("todos", {
  async onKey(key, text) {
    if (key === "up") selected = Math.max(0, selected - 1);
    else if (key === "down") selected = Math.min(todos.length - 1, selected + 1);
    else if ((key === "enter" || (key === "rune" && text === "x")) && todos[selected]) {
      todos[selected].done = !todos[selected].done;
    } else if (key === "rune" && text === "d" && todos[selected]) {
      todos.splice(selected, 1);
    } else return;
    await changed();
  },
});

ext.onHello(loadTodos);

ext.command("todo", "open the todo list (/todo add <text> adds an item)", async (args) => {
  const add = /^add\s+(.+)$/s.exec(args.trim());
  if (add) {
    todos.push({ text: add[1].trim(), done: false });
    await changed();
    return display(`added: ${add[1].trim()}`);
  }
  return panel.response(view());
});

ext.tool({
  name: "todo_manage",
  description: "Manage the user's todo list: list, add, done (toggle) or remove items. " +
    "Items are numbered from 1 as in the list.",
  schema: {
    type: "object",
    properties: {
      action: { type: "string", enum: ["list", "add", "done", "remove"] },
      text: { type: "string", description: "for add" },
      index: { type: "integer", description: "for done and remove, from 1" },
    },
    required: ["action"],
  },
}, async (args) => {
  const index = typeof args.index === "number" ? args.index - 1 : -1;
  switch (args.action) {
    case "list":
      return textResult(summary());
    case "add":
      if (typeof args.text !== "string" || !args.text.trim()) {
        return errorResult('"add" needs a "text"');
      }
      todos.push({ text: args.text.trim(), done: false });
      break;
    case "done":
    case "remove":
      if (!todos[index]) return errorResult(`No item ${args.index} (the list has ${todos.length})`);
      if (args.action === "done") todos[index].done = !todos[index].done;
      else todos.splice(index, 1);
      break;
    default:
      return errorResult(
        `Unknown action ${JSON.stringify(args.action)} (use list, add, done or remove)`,
      );
  }
  await changed();
  return textResult(summary());
});

await ext.run();
