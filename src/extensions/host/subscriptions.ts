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
import type { ExtensionChannel } from "../channel.ts";
import { type ExtensionRecord, isLive } from "./record.ts";
import { shown } from "./refusals.ts";
import { allowsEvent, allowsIntercept } from "../../scope/allows.ts";
import { refusalMessage } from "../../scope/refusal.ts";

const INTERCEPTABLE: ReadonlySet<string> = new Set(INTERCEPTABLE_EVENTS);

function isInterceptable(name: string): name is InterceptableEvent {
  return INTERCEPTABLE.has(name);
}

/** A sandboxed extension gets only what its scope declares; `refuse` reports the rest. */
export function applySubscribe(
  record: ExtensionRecord,
  frame: SubscribeFrame,
  refuse: (message: string) => void = () => {},
): void {
  const scope = record.scope;
  for (const name of frame.events ?? []) {
    if (scope && !allowsEvent(scope, name)) {
      refuse(refusalMessage(record.name, "events", shown(name)));
    } else record.events.add(name);
  }
  for (const name of frame.intercept ?? []) {
    if (!isInterceptable(name)) continue;
    if (scope && !allowsIntercept(scope, name)) {
      refuse(
        refusalMessage(
          record.name,
          name === "before_agent_start" ? "system_prompt" : "intercept",
          name,
        ),
      );
    } else record.intercepts.add(name);
  }
}

/** The channels of the live extensions that observe `event`, in load order. */
export function subscribers(
  records: readonly ExtensionRecord[],
  event: string,
): ExtensionChannel[] {
  const out: ExtensionChannel[] = [];
  for (const record of records) {
    if (record.events.has(event) && isLive(record)) out.push(record.channel);
  }
  return out;
}
