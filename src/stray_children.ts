/**
 * Children of zot that have no process group of their own.
 *
 * zot puts what it manages in groups of their own (extensions, bash
 * commands) and stops those groups itself. Whatever else it started shares
 * zot's group: helpers that npm libraries spawn (the OS sandbox runtime's
 * `socat` bridges), short commands. Such a child outlives zot unless
 * someone stops it: the library's own clean-up runs only once it knows the
 * child, so a child started in the moment zot exits lives on, re-parented
 * to init. At exit zot therefore sends SIGTERM to each of its direct
 * children that is still in zot's own group (the bridge removes its socket
 * file on SIGTERM, which SIGKILL would leave behind). Children in groups of
 * their own are not touched here: their owners stop them, and zot's reaper
 * sentinel, which must outlive zot, leads its own session.
 *
 * Linux only (`/proc/<pid>/task/<tid>/children`); elsewhere there is nothing
 * to find and nothing is done.
 *
 * @module
 */

/** The pgid in a `/proc/<pid>/stat` line (fields after the command's closing parenthesis). */
function groupOf(stat: string): number {
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}

function readOr(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/** Direct children of this process that are in its process group. */
export function strayChildren(): number[] {
  if (Deno.build.os !== "linux") return [];
  const own = readOr("/proc/self/stat");
  if (own === undefined) return [];
  const group = groupOf(own);
  const pids = new Set<number>();
  let tasks: Iterable<Deno.DirEntry>;
  try {
    tasks = Deno.readDirSync("/proc/self/task");
  } catch {
    return [];
  }
  // A child's parent is the thread that spawned it: every thread has its own list.
  for (const task of tasks) {
    const list = readOr(`/proc/self/task/${task.name}/children`) ?? "";
    for (const word of list.split(" ")) if (/^\d+$/.test(word)) pids.add(Number(word));
  }
  return [...pids].filter((pid) => {
    const stat = readOr(`/proc/${pid}/stat`);
    return stat !== undefined && groupOf(stat) === group;
  });
}

/** SIGTERM every child in zot's group (see the module note). Never throws. */
export function stopStrayChildren(): void {
  for (const pid of strayChildren()) {
    try {
      Deno.kill(pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
}
