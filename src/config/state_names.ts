/**
 * The names of zot's own state in `$ZOT_HOME`: stored keys, conversations,
 * consents and logs. No extension may read them whatever its read grant, and
 * the sandboxed `bash` tool may not either. They are listed by name because
 * most of them do not exist until zot first writes them, and a protection
 * must already hold then.
 *
 * @module
 */

/** Entries of `$ZOT_HOME` that hold zot's state, existing or not. */
export const ZOT_STATE_NAMES: readonly string[] = [
  "auth.json",
  "sessions",
  "grants.json",
  "trusted-projects.json",
  "installs.json",
  "unconfined.json",
  "logs",
  "config.json",
  "models.json",
  "extension-data",
  "project-extension-data",
];
