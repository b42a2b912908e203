/**
 * `subscribe` frames: a union per extension that only ever grows. Any event
 * name may be observed; only the four interceptable events are kept from
 * `intercept` (lifecycle names there are observational only).
 *
 * @module
 */

import {
  INTERCEPTABLE_EVENTS,
  type InterceptableEvent,
  type SubscribeFrame,
} from "../../protocol/frames.ts";
import type { ExtensionRecord } from "./record.ts";

const INTERCEPTABLE: ReadonlySet<string> = new Set(INTERCEPTABLE_EVENTS);

function isInterceptable(name: string): name is InterceptableEvent {
  return INTERCEPTABLE.has(name);
}

export function applySubscribe(record: ExtensionRecord, frame: SubscribeFrame): void {
  for (const name of frame.events ?? []) record.events.add(name);
  for (const name of frame.intercept ?? []) {
    if (isInterceptable(name)) record.intercepts.add(name);
  }
}
