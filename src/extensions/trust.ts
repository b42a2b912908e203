/**
 * Project trust: extensions in a project's `./.zot/extensions` come with
 * the repository, so they do not run until the user trusts that project
 * (`zot trust`). The answer is kept in `$ZOT_HOME/trusted-projects.json`,
 * keyed by the project's real path, so a symlink or a relative path names
 * the same project.
 *
 * @module
 */

import { asRecord, readJsonFile, writeJsonFileAtomic } from "../sandbox/json_store.ts";

const VERSION = 1;

async function projectKey(dir: string): Promise<string> {
  try {
    return await Deno.realPath(dir);
  } catch {
    return dir;
  }
}

async function readProjects(trustPath: string): Promise<Record<string, unknown>> {
  return asRecord(asRecord(await readJsonFile(trustPath)).projects);
}

/** True when the user trusted the project at `dir`. */
export async function isProjectTrusted(trustPath: string, dir: string): Promise<boolean> {
  return (await projectKey(dir)) in (await readProjects(trustPath));
}

/** Remember that the project at `dir` is trusted; resolves to its key. */
export async function trustProject(
  trustPath: string,
  dir: string,
  now: Date = new Date(),
): Promise<string> {
  const projects = await readProjects(trustPath);
  const key = await projectKey(dir);
  projects[key] = { trusted_at: now.toISOString() };
  await writeJsonFileAtomic(trustPath, { version: VERSION, projects });
  return key;
}

/** Forget the trust of `dir`; resolves to whether it was trusted. */
export async function untrustProject(trustPath: string, dir: string): Promise<boolean> {
  const projects = await readProjects(trustPath);
  const key = await projectKey(dir);
  if (!(key in projects)) return false;
  delete projects[key];
  await writeJsonFileAtomic(trustPath, { version: VERSION, projects });
  return true;
}

/** Every trusted project, sorted. */
export async function trustedProjects(trustPath: string): Promise<string[]> {
  return Object.keys(await readProjects(trustPath)).sort();
}

/** The message for held-back project extensions, with the remedy. */
export function untrustedMessage(names: string[], project: string): string {
  return `Not starting project extensions ${names.map((n) => `"${n}"`).join(", ")}: ` +
    `${project} is not a trusted project (run "zot trust" there to allow them)`;
}
