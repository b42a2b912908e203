/**
 * `zot ext logs -f`: follow a log like `tail -F`. Each start of an
 * extension appends to its log, but the file may also be rotated, replaced
 * (renamed over), deleted and recreated, or not exist yet: the follower
 * watches the directory and reopens the path whenever it names another
 * file, waiting (with a note) while it names none.
 *
 * @module
 */

import { dirname } from "../../path.ts";
import { pump } from "./logs.ts";

export interface FollowOptions {
  /** Stops following (Ctrl-C). */
  signal: AbortSignal;
  /** Where the notes go (waiting, replaced, removed, truncated); default stderr. */
  note?: (line: string) => void;
}

/** The file currently followed: kept open so its inode is not reused while we read it. */
interface Followed {
  file: Deno.FsFile;
  dev: number;
  ino: number | null;
  pos: number;
}

async function statOrUndefined(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.stat(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
}

/**
 * Print `path` from the start, then every append, until `signal` aborts. A
 * missing file is waited for; a truncated one is read again from the start;
 * a replaced or recreated one is opened anew (the old one read to its end
 * first, so nothing written before the swap is lost).
 */
export async function followFile(
  path: string,
  out: WritableStream<Uint8Array>,
  options: FollowOptions,
): Promise<void> {
  const { signal } = options;
  const note = options.note ?? ((line: string) => console.error(line));
  const dir = dirname(path);
  // The directory is zot's own logs dir; it exists once any extension ran.
  await Deno.mkdir(dir, { recursive: true });
  // Watch the directory before the first read, so a change in between is not missed,
  // and the directory rather than the file, so a new file at the path is seen.
  const watcher = Deno.watchFs(dir, { recursive: false });
  const writer = out.getWriter();
  let current: Followed | undefined;
  let waitingNoted = false;

  const drop = async () => {
    if (!current) return;
    current.pos = await pump(current.file, writer, current.pos);
    current.file.close();
    current = undefined;
  };

  const sync = async () => {
    const info = await statOrUndefined(path);
    if (!info) {
      if (current) {
        await drop();
        note(`${path} was removed; waiting for it to appear again`);
      } else if (!waitingNoted) {
        note(`waiting for ${path} to appear (the extension has not run yet; Ctrl-C stops)`);
      }
      waitingNoted = true;
      return;
    }
    if (current && (info.ino !== current.ino || info.dev !== current.dev)) {
      await drop();
      note(`${path} was replaced; following the new file`);
    }
    if (!current) {
      let file: Deno.FsFile;
      try {
        file = await Deno.open(path, { read: true });
      } catch (e) {
        // Removed again between stat and open: the next event says what is there.
        if (e instanceof Deno.errors.NotFound) return;
        throw e;
      }
      const opened = await file.stat();
      if (waitingNoted) note(`${path} appeared; following it`);
      waitingNoted = false;
      current = { file, dev: opened.dev, ino: opened.ino, pos: 0 };
    }
    const size = (await current.file.stat()).size;
    if (size < current.pos) {
      note(`${path} was truncated; reading it from the start`);
      current.pos = 0;
    }
    current.pos = await pump(current.file, writer, current.pos);
  };

  const stop = () => watcher.close();
  signal.addEventListener("abort", stop, { once: true });
  try {
    if (signal.aborted) return;
    await sync();
    for await (const _event of watcher) {
      if (signal.aborted) break;
      await sync();
    }
  } finally {
    signal.removeEventListener("abort", stop);
    try {
      watcher.close();
    } catch {
      // already closed by abort
    }
    current?.file.close();
    writer.releaseLock();
  }
}
