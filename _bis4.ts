import { ExtensionProcess } from "./src/extensions/process/child.ts";
import { ExtensionLog } from "./src/extensions/process/log.ts";
const root = await Deno.makeTempDir();
const o = await ExtensionLog.open(root + "/x.log", {});
console.error("STEP a");
const r = ExtensionProcess.spawn({ command: "/bin/true", args: [], cwd: "/" } as never, (o as any).log ?? (o as any).value ?? o as never);
console.error("STEP spawned", r.ok);
