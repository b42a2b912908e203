/**
 * TUI benchmark: the cost of rendering one streamed token at the end of a
 * long transcript, in an in-memory terminal. pi-tui's differential renderer
 * should keep the bytes written per token flat as the transcript grows, and
 * the per-component line caches keep the CPU cost close to flat (only the
 * streaming block re-renders; the rest is reused). Compares 10 and 1,000
 * messages in one run.
 *
 * @module
 */

import { TUI } from "@mariozechner/pi-tui";
import {
  DEFAULT_THEME,
  markdownTheme,
  MemoryTerminal,
  paintOf,
  StatusBar,
  Transcript,
} from "../../src/tui/mod.ts";
import type { BenchRow } from "./types.ts";

const TOKENS = 400;

/** pi-tui renders on a timer; the bench drives its frame function directly. */
function renderNow(tui: TUI): void {
  (tui as unknown as { doRender(): void }).doRender();
}

function build(messages: number) {
  const paint = paintOf(DEFAULT_THEME);
  const terminal = new MemoryTerminal(120, 40, { keep: false });
  const tui = new TUI(terminal);
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
  tui.addChild(transcript);
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
  /** Our components only (`tui.render`), without pi-tui's diff and write. */
  componentsUs: number;
  bytesPerToken: number;
}

function measure(messages: number): Measure {
  const { tui, terminal, streaming } = build(messages);
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
    tui.render(terminal.columns);
  }
  const components = performance.now() - componentsStart;
  tui.stop();
  return {
    usPerToken: (elapsed * 1000) / TOKENS,
    componentsUs: (components * 1000) / TOKENS,
    bytesPerToken: bytes / TOKENS,
  };
}

/** Best of three runs: the machine is shared, the minimum is the least noisy. */
function best(messages: number): Measure {
  const runs = [measure(messages), measure(messages), measure(messages)];
  return runs.reduce((a, b) => (b.usPerToken < a.usPerToken ? b : a));
}

export function bench(): Promise<BenchRow[]> {
  const small = best(10);
  const large = best(1000);
  const fmt = (us: number) => `${us.toFixed(0)} µs`;
  return Promise.resolve([
    { group: "tui", name: "render per streamed token, 10 messages", value: fmt(small.usPerToken) },
    {
      group: "tui",
      name: "render per streamed token, 1,000 messages",
      value: fmt(large.usPerToken),
      note: `${(large.usPerToken / small.usPerToken).toFixed(1)}× the 10-message cost`,
    },
    {
      group: "tui",
      name: "components only per token, 10 / 1,000 messages",
      value: `${fmt(small.componentsUs)} / ${fmt(large.componentsUs)}`,
      note: "block caches: only the streaming block re-renders",
    },
    {
      group: "tui",
      name: "bytes written per token, 10 / 1,000 messages",
      value: `${small.bytesPerToken.toFixed(0)} / ${large.bytesPerToken.toFixed(0)} B`,
      note: "flat = differential rendering works",
    },
  ]);
}

if (import.meta.main) {
  for (const row of await bench()) console.log(`${row.name}: ${row.value} ${row.note ?? ""}`);
}
