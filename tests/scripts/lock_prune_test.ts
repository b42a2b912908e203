/**
 * `deno.lock` stays without the npm packages zot never loads (koffi: see
 * scripts/lock_prune.ts), and the pruning script removes exactly those.
 */

import { fileURLToPath } from "node:url";
import { prune, PRUNED, prunedIn } from "../../scripts/lock_prune.ts";
import { assertEquals } from "../helpers/assert.ts";

const LOCK = fileURLToPath(new URL("../../deno.lock", import.meta.url));

Deno.test("deno.lock holds no pruned package", async () => {
  const lock = JSON.parse(await Deno.readTextFile(LOCK));
  const found = prunedIn(lock);
  if (found.length > 0) {
    throw new Error(
      `deno.lock holds ${found.join(", ")}, which zot never loads ` +
        `(run "deno run -A scripts/lock_prune.ts" after changing dependencies)`,
    );
  }
  // The lock still pins pi-tui, the package that pulled koffi in.
  assertEquals(Object.keys(lock.npm).some((id) => id.startsWith("@mariozechner/pi-tui@")), true);
});

Deno.test("prune drops the package and the optional references to it, nothing else", () => {
  assertEquals(Object.keys(PRUNED), ["koffi"]);
  const lock = {
    version: "5",
    npm: {
      "tui@1.0.0": {
        integrity: "t",
        dependencies: ["chalk"],
        optionalDependencies: ["koffi"],
      },
      "other@2.0.0": { integrity: "o", optionalDependencies: ["koffi@2.16.3", "fsevents"] },
      "koffi@2.16.3": { integrity: "k", scripts: true },
      "koffi-like@1.0.0": { integrity: "l" },
      "chalk@5.6.2": { integrity: "c" },
    },
  };
  assertEquals(prunedIn(lock), [
    "koffi (from other@2.0.0)",
    "koffi (from tui@1.0.0)",
    "koffi@2.16.3",
  ]);
  const pruned = prune(lock);
  assertEquals(pruned, {
    version: "5",
    npm: {
      "tui@1.0.0": { integrity: "t", dependencies: ["chalk"] },
      "other@2.0.0": { integrity: "o", optionalDependencies: ["fsevents"] },
      "koffi-like@1.0.0": { integrity: "l" },
      "chalk@5.6.2": { integrity: "c" },
    },
  });
  assertEquals(prunedIn(pruned), []);
  assertEquals(prune(pruned), pruned);
});

Deno.test("a package that needs a pruned one for real is reported, not edited", () => {
  const lock = { npm: { "needs@1.0.0": { integrity: "n", dependencies: ["koffi"] } } };
  assertEquals(prunedIn(lock), ["koffi (from needs@1.0.0)"]);
  assertEquals(prune(lock), lock);
});
