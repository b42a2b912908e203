/**
 * Whether the OS sandbox can run here, asked once per process: the
 * platform, the helper programs the runtime drives (bubblewrap, socat and
 * ripgrep on Linux), and whether this kernel lets an unprivileged process
 * make the user namespace bubblewrap needs. The answer says why not and
 * what to do about it, for `zot ext doctor` and for every refusal.
 *
 * @module
 */

/** Whether the OS sandbox is usable, and if not why and what to do. */
export type OsSandboxStatus = { ok: true } | { ok: false; reason: string; remedy: string };

let cached: Promise<OsSandboxStatus> | undefined;

/** The OS sandbox's availability, probed once per process. */
export function osSandboxStatus(): Promise<OsSandboxStatus> {
  cached ??= probe();
  return cached;
}

/** Forget the cached answer (tests that change PATH). */
export function resetOsSandboxStatus(): void {
  cached = undefined;
}

const LINUX_REMEDY = "install bubblewrap, socat and ripgrep (apt install bubblewrap socat ripgrep)";
const MAC_REMEDY = "install ripgrep (brew install ripgrep)";

async function probe(): Promise<OsSandboxStatus> {
  const os = Deno.build.os;
  if (os !== "linux" && os !== "darwin") {
    return {
      ok: false,
      reason: `the OS sandbox is not available on ${os}`,
      remedy: "run zot on Linux or macOS, or allow this extension to run unconfined",
    };
  }
  const needed = os === "linux" ? ["bwrap", "socat", "rg"] : ["sandbox-exec", "rg"];
  const missing: string[] = [];
  for (const name of needed) if (!(await onPath(name))) missing.push(name);
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `${missing.map((m) => `"${m}"`).join(", ")} not found on PATH`,
      remedy: os === "linux" ? LINUX_REMEDY : MAC_REMEDY,
    };
  }
  if (os === "linux") {
    const userns = await run("bwrap", [
      "--unshare-user",
      "--unshare-pid",
      "--unshare-net",
      "--ro-bind",
      "/",
      "/",
      "--proc",
      "/proc",
      "--",
      "true",
    ]);
    if (!userns.ok) {
      return {
        ok: false,
        reason: `bubblewrap cannot create a user namespace (${userns.detail})`,
        remedy: "enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; " +
          "on Ubuntu also kernel.apparmor_restrict_unprivileged_userns=0)",
      };
    }
  }
  try {
    const { SandboxManager } = await import("@anthropic-ai/sandbox-runtime");
    if (!SandboxManager.isSupportedPlatform()) {
      return {
        ok: false,
        reason: "the sandbox runtime does not support this platform",
        remedy: "",
      };
    }
    const deps = await SandboxManager.checkDependenciesAsync();
    if (deps.errors.length > 0) {
      return {
        ok: false,
        reason: deps.errors.join("; "),
        remedy: os === "linux" ? LINUX_REMEDY : MAC_REMEDY,
      };
    }
  } catch (e) {
    return {
      ok: false,
      reason: `the sandbox runtime did not load (${e instanceof Error ? e.message : String(e)})`,
      remedy: "reinstall zot",
    };
  }
  return { ok: true };
}

async function onPath(name: string): Promise<boolean> {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    if (!dir) continue;
    try {
      const info = await Deno.stat(`${dir}/${name}`);
      if (info.isFile && ((info.mode ?? 0o111) & 0o111) !== 0) return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

async function run(cmd: string, args: string[]): Promise<{ ok: boolean; detail: string }> {
  try {
    const out = await new Deno.Command(cmd, {
      args,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    })
      .output();
    const err = new TextDecoder().decode(out.stderr).trim().split("\n")[0] ?? "";
    return { ok: out.success, detail: err || `exit ${out.code}` };
  } catch (e) {
    return { ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
}
