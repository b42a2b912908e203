import { assertEquals } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { ZOT_VERSION } from "../../src/version.ts";
import { zot } from "./ext/run_zot.ts";

Deno.test("zot --version and -V print the version alone on stdout (without loading commander)", async () => {
  await using z = await tempZot();
  for (const flag of ["--version", "-V"]) {
    const r = await zot(z, flag);
    assertEquals([r.code, r.stdout, r.stderr], [0, `${ZOT_VERSION}\n`, ""], flag);
  }
});
