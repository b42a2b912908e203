/**
 * TUI benchmark: the cost of rendering one streamed token at the end of a
 * long transcript, in an in-memory terminal. pi-tui's differential renderer
 * keeps the bytes written per token flat as the transcript grows; the block
 * caches, the transcript telling which rows changed and FlatTUI's frame over
 * those rows only keep the CPU cost flat too. Compares 10 and 1,000
 * messages, and zot's setup ("after") with pi-tui's plain TUI and Container
 * ("before"), in one run.
 *
 * @module
 */

import { Container, TUI } from "@mariozechner/pi-tui";
import {
  DEFAULT_THEME,
  FlatTUI,
  loadMarkdown,
  markdownTheme,
  MemoryTerminal,
  paintOf,
  StatusBar,
  Transcript,
} from "../../src/tui/mod.ts";
import { drawNow } from "../../src/tui/pi_private.ts";
import type { BenchRow } from "./types.ts";

// Assistant blocks render markdown once its component has loaded (the TUI loads it after its
// first frame).
await loadMarkdown();

const TOKENS = 400;
/** Tokens of one answer streamed before measuring, in the long-answer case. */
const LONG_ANSWER = 9_600;

/** pi-tui renders on a timer; the bench drives its frame function directly. */
function renderNow(tui: TUI): void {
  drawNow(tui);
}

/** "before": pi-tui's own TUI and Container; "after": FlatTUI and Transcript. */
type Engine = "before" | "after";

function build(messages: number, engine: Engine) {
  const paint = paintOf(DEFAULT_THEME);
  const terminal = new MemoryTerminal(120, 40, { keep: false });
  const tui = engine === "after" ? new FlatTUI(terminal) : new TUI(terminal);
  const transcript = new Transcript(paint, markdownTheme(paint));
  for (let i = 0; i < messages; i++) {
    if (i % 3 === 0) transcript.addUser(`question ${i}: how does part ${i} work?`);
    else if (i % 3 === 1) {
      transcript.beginAssistant().setText(
        `Part **${i}** reads the config, then:\n\n- checks it\n- uses it\n\n\`\`\`ts\nconst x${i} = load(${i});\n\`\`\``,
      );
    } else {
      transcript.addTool(`t${i}`, "bash", { command: `ls dir${i}` })
        .setResult(Array.from({ length: 12 }, (_, k) => `file${k}`).join("\n"), false);
    }
  }
  tui.addChild(
    engine === "after" ? transcript : {
      // The same blocks joined line by line by pi-tui's Container, as before.
      render: (width) => Container.prototype.render.call(transcript, width),
      invalidate: () => transcript.invalidate(),
    },
  );
  tui.addChild(
    new StatusBar(paint, {
      model: "anthropic/bench",
      cwd: "/bench",
      costUsd: 0,
      jailed: false,
      yolo: true,
      activity: "",
      queued: 0,
    }),
  );
  tui.start();
  renderNow(tui);
  const streaming = transcript.beginAssistant();
  return { tui, terminal, streaming };
}

interface Measure {
  usPerToken: number;
  /**
   * The components' share of a frame, without the diff and write: pi-tui's
   * `render` (every line joined) before, FlatTUI's `compose` (the changed
   * rows) after.
   */
  componentsUs: number;
  bytesPerToken: number;
}

function measure(messages: number, engine: Engine, answered = 0): Measure {
  const { tui, terminal, streaming } = build(messages, engine);
  for (let i = 0; i < answered; i++) {
    streaming.append(i % 20 === 19 ? "token\n\n" : "token ");
    renderNow(tui);
  }
  // Warm up caches and the JIT.
  for (let i = 0; i < 50; i++) {
    streaming.append(`w${i} `);
    renderNow(tui);
  }
  terminal.reset();
  const start = performance.now();
  for (let i = 0; i < TOKENS; i++) {
    streaming.append(i % 20 === 19 ? "token\n\n" : "token ");
    renderNow(tui);
  }
  const elapsed = performance.now() - start;
  const bytes = terminal.written;
  const componentsStart = performance.now();
  for (let i = 0; i < TOKENS; i++) {
    streaming.append(i % 20 === 19 ? "token\n\n" : "token ");
    if (tui instanceof FlatTUI) tui.compose(terminal.columns);
    else tui.render(terminal.columns);
  }
  const components = performance.now() - componentsStart;
  tui.stop();
  return {
    usPerToken: (elapsed * 1000) / TOKENS,
    componentsUs: (components * 1000) / TOKENS,
    bytesPerToken: bytes / TOKENS,
  };
}

/**
 * Best of five runs per case, the cases interleaved so that load on the
 * shared machine hits before and after alike; the minimum of each figure is
 * the least noisy.
 */
function bestOf(cases: [number, Engine, number?][]): Measure[] {
  const runs: Measure[][] = cases.map(() => []);
  for (let round = 0; round < 5; round++) {
    cases.forEach(([messages, engine, answered], i) =>
      runs[i].push(measure(messages, engine, answered))
    );
  }
  const min = (r: Measure[], key: keyof Measure) => Math.min(...r.map((m) => m[key]));
  return runs.map((r) => ({
    usPerToken: min(r, "usPerToken"),
    componentsUs: min(r, "componentsUs"),
    bytesPerToken: min(r, "bytesPerToken"),
  }));
}

export function bench(): Promise<BenchRow[]> {
  const [small, large, smallBefore, largeBefore, long] = bestOf([
    [10, "after"],
    [1000, "after"],
    [10, "before"],
    [1000, "before"],
    // pi-tui's own TUI would take minutes to stream this one.
    [10, "after", LONG_ANSWER],
  ]);
  const fmt = (us: number) => `${us.toFixed(0)} µs`;
  const ratio = (a: Measure, b: Measure) => `${(b.usPerToken / a.usPerToken).toFixed(1)}×`;
  return Promise.resolve([
    {
      group: "tui",
      name: "render per streamed token, 10 messages",
      value: fmt(small.usPerToken),
      note: `before (pi-tui TUI + Container): ${fmt(smallBefore.usPerToken)}`,
    },
    {
      group: "tui",
      name: "render per streamed token, 1,000 messages",
      value: fmt(large.usPerToken),
      note: `${ratio(small, large)} the 10-message cost; before: ${fmt(largeBefore.usPerToken)} (${
        ratio(smallBefore, largeBefore)
      })`,
    },
    {
      group: "tui",
      name: "render per streamed token, 10 messages, 10,000th token of one answer",
      value: fmt(long.usPerToken),
      note: `${
        ratio(small, long)
      } the cost of its first tokens (finished paragraphs are not re-walked)`,
    },
    {
      group: "tui",
      name: "components only per token, 10 / 1,000 messages",
      value: `${fmt(small.componentsUs)} / ${fmt(large.componentsUs)}`,
      note: `before: ${fmt(smallBefore.componentsUs)} / ${fmt(largeBefore.componentsUs)}`,
    },
    {
      group: "tui",
      name: "bytes written per token, 10 / 1,000 messages",
      value: `${small.bytesPerToken.toFixed(0)} / ${large.bytesPerToken.toFixed(0)} B`,
      note: `flat = differential rendering works; before: ${
        smallBefore.bytesPerToken.toFixed(0)
      } / ${largeBefore.bytesPerToken.toFixed(0)} B`,
    },
  ]);
}

if (import.meta.main) {
  for (const row of await bench()) console.log(`${row.name}: ${row.value} ${row.note ?? ""}`);
}
