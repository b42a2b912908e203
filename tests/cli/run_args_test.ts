import { assert, assertEquals, assertThrows } from "../helpers/assert.ts";
import { parseRunArgs } from "../../src/cli/run_args.ts";

Deno.test("run_args parses a print run without commander", () => {
  const r = parseRunArgs([
    "-p",
    "--model",
    "m1",
    "-e",
    "./a",
    "--ext=./b",
    "--no-ext",
    "hello",
    "world",
  ]);
  assert(r);
  assertEquals(r.print, true);
  assertEquals(r.flags.model, "m1");
  assertEquals(r.flags.ext, ["./a", "./b"]);
  assertEquals(r.flags.noExt, true);
  assertEquals(r.words, ["hello", "world"]);
});

Deno.test("run_args keeps words after -- as the prompt", () => {
  const r = parseRunArgs(["--json", "--", "--not-a-flag", "ext"]);
  assert(r);
  assertEquals(r.words, ["--not-a-flag", "ext"]);
});

Deno.test("run_args hands help, version, subcommands and unknown flags to commander", () => {
  for (
    const args of [["--help"], ["-V"], ["ext", "list"], ["rpc"], ["--bogus"], ["--model"], ["-p=x"]]
  ) {
    assertEquals(parseRunArgs(args), undefined, args.join(" "));
  }
  // A subcommand word later in the prompt is just a word.
  assertEquals(parseRunArgs(["-p", "list", "ext"])?.words, ["list", "ext"]);
});

Deno.test("run_args validates values with a remedy", () => {
  assertThrows(() => parseRunArgs(["--max-steps", "x"]), "is not a whole number");
  assertThrows(
    () => parseRunArgs(["--transport", "grpc"]),
    "use --transport fetch or --transport sdk",
  );
  assertEquals(parseRunArgs(["--transport", "fetch"])?.flags.transport, "fetch");
  assertEquals(parseRunArgs(["--no-yolo", "--no-tools", "--tools", "read,bash"])?.flags, {
    ...parseRunArgs([])!.flags,
    yolo: false,
    noTools: true,
    tools: ["read", "bash"],
  });
});
