/**
 * `deno task check`: type-checks every entry point: main.ts, src/, scripts/,
 * tests/ and examples/ (each example with its vendored SDK copy), except
 * tests/fixtures/ (real extensions, some of which import an SDK copy that a
 * test vendors into place at run time).
 *
 * @module
 */

function collect(dir: string, out: string[]): void {
  for (const entry of Deno.readDirSync(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) {
      // A vendored SDK copy is checked through the example that imports it.
      if (path !== "tests/fixtures" && entry.name !== "zot_sdk") collect(path, out);
    } else if (/\.(ts|mts)$/.test(entry.name)) {
      out.push(path);
    }
  }
}

const files = ["main.ts"];
for (const dir of ["src", "scripts", "tests", "examples"]) collect(dir, files);
const { code } = await new Deno.Command(Deno.execPath(), {
  args: ["check", ...files],
  stdout: "inherit",
  stderr: "inherit",
}).output();
Deno.exit(code);
