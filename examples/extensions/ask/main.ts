// ask: an interactive tool. The model calls ask_user; the extension opens a
// panel with the question and waits, without a host deadline, until the user
// picks a choice (↑/↓ and Enter) or types an answer (then Enter). Esc
// dismisses it; a cancelled call closes its panel.
import { errorResult, Extension, textResult, type ToolResult } from "./zot_sdk/sdk/mod.ts";

const ext = new Extension("ask", "1.0.0");

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x) => typeof x === "string" && x.trim() !== "") : [];
}

ext.tool({
  name: "ask_user",
  description: "Ask the user a question and wait for the answer. Give choices when the " +
    "answer is one of a few options; without choices the user types a free answer.",
  schema: {
    type: "object",
    properties: {
      question: { type: "string" },
      choices: { type: "array", items: { type: "string" } },
    },
    required: ["question"],
  },
  interactive: true,
}, (args, ctx) => {
  const question = typeof args.question === "string" ? args.question.trim() : "";
  if (!question) return errorResult('ask_user needs a "question"');
  const choices = strings(args.choices);
  let selected = 0;
  let typed = "";
  const { promise, resolve } = Promise.withResolvers<ToolResult>();

  // One panel per call: its id carries the call id, so two questions never mix.
  const panel = ext.panel(`ask-${ctx.id}`, {
    onKey(key, text) {
      if (key === "enter") {
        const answer = choices.length ? choices[selected] : typed.trim();
        if (answer) return finish(textResult(`The user answered: ${answer}`));
      } else if (choices.length && key === "up") selected = Math.max(0, selected - 1);
      else if (choices.length && key === "down") {
        selected = Math.min(choices.length - 1, selected + 1);
      } else if (!choices.length && key === "rune") typed += text;
      else if (!choices.length && key === "backspace") typed = typed.slice(0, -1);
      else return;
      panel.render(view());
    },
    onClose() {
      finish(errorResult("The user dismissed the question without answering"));
    },
  });

  function view() {
    const lines = choices.length
      ? choices.map((c, i) => `${i === selected ? "▸ " : "  "}${c}`)
      : [`> ${typed}█`];
    const footer = choices.length
      ? "↑/↓ choose · enter answer · esc dismiss"
      : "type · enter answer · esc dismiss";
    return { title: question, lines, footer };
  }

  function finish(result: ToolResult) {
    ctx.signal.removeEventListener("abort", cancelled);
    panel.dispose();
    resolve(result);
  }
  // The host gave up (cancel, shutdown): close the panel; the SDK drops the result.
  const cancelled = () => finish(errorResult("The question was cancelled"));
  ctx.signal.addEventListener("abort", cancelled, { once: true });

  panel.open(view());
  return promise;
});

await ext.run();
