import { parseSourceSpec, specText } from "../../../src/extensions/manage/fetch_source.ts";
import { isCommitPin, isGitSource, splitGitPin } from "../../../src/extensions/manage/git.ts";
import { parseNpmSource } from "../../../src/extensions/manage/npm.ts";
import { assert, assertEquals, assertThrows } from "../../helpers/assert.ts";

Deno.test("sources: git pins, npm packages with ranges, paths", () => {
  assertEquals(splitGitPin("https://h/u/todo.git#v1.2.0"), {
    url: "https://h/u/todo.git",
    ref: "v1.2.0",
  });
  assertEquals(splitGitPin("https://h/u/todo.git#"), { url: "https://h/u/todo.git" });
  assert(isGitSource("../todo.git#main"));
  assert(isCommitPin("0123abc") && !isCommitPin("v1") && !isCommitPin("main"));
  assertEquals(parseSourceSpec("git@h:u/todo.git#abc1234", "r"), {
    type: "git",
    url: "git@h:u/todo.git",
    ref: "abc1234",
  });
  assertEquals(parseNpmSource("npm:zot-todo"), { package: "zot-todo", range: "latest" });
  assertEquals(parseNpmSource("npm:@acme/todo@^1.2"), { package: "@acme/todo", range: "^1.2" });
  assertEquals(parseNpmSource("./npm:x"), undefined);
  for (const bad of ["npm:", "npm:../x", "npm:@acme/../x", "npm:A B", "npm:@/x"]) {
    assertThrows(() => parseNpmSource(bad), "is not an npm package name");
  }
  const npm = parseSourceSpec("npm:zot-todo@~2", "http://127.0.0.1:1");
  assertEquals(specText(npm), "npm:zot-todo@~2");
  assertEquals(parseSourceSpec("./todo", "r"), { type: "path", path: "./todo" });
});
