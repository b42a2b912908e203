import { assertEquals } from "../../helpers/assert.ts";
import { PROGRESS_CUT_NOTE, progressBudget } from "../../../src/modes/common/progress_budget.ts";

const progress = (id: string, text: string) => ({ type: "tool_progress" as const, id, text });

Deno.test("progress budget: the cut is said once, also when output fills the budget exactly", () => {
  for (const chunks of [["abcd", "efgh", "ij"], ["abcdef", "gh", "ij"], ["abcdefghij"]]) {
    const budget = progressBudget(8);
    const out = chunks.map((c) => budget(progress("a", c))).filter((e) => e !== undefined);
    const text = out.map((e) => e.type === "tool_progress" ? e.text : "").join("");
    assertEquals(text, `abcdefgh${PROGRESS_CUT_NOTE}`, JSON.stringify(chunks));
  }
  // Within the budget nothing is added; each call has its own.
  const budget = progressBudget(8);
  assertEquals(budget(progress("b", "12345678")), progress("b", "12345678"));
  assertEquals(budget(progress("c", "x")), progress("c", "x"));
});
