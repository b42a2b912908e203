/**
 * Process-wide correlation ids for host → extension requests. One counter
 * for all extensions, rendered as decimal strings ("1", "2", …), so an id
 * never collides across extensions or within a run (the reference host's
 * older clock-based ids could). Extensions treat ids as opaque strings.
 *
 * @module
 */

let last = 0;

/** The next correlation id. */
export function nextRequestId(): string {
  last += 1;
  return String(last);
}
