"""zot extension SDK for Python: one file, standard library only, Python 3.9+.

Copy this file next to your extension and import it::

    from zot_ext import Extension, prompt, text_result

    ext = Extension("hello", "1.0.0")

    @ext.command("hello", "say hi")
    def hello(args, ctx):
        return prompt("Greet " + (args or "me") + " in one short sentence.")

    @ext.tool("shout", "Upper-case a text.",
              {"type": "object", "properties": {"text": {"type": "string"}}})
    def shout(args, ctx):
        return text_result(str(args.get("text", "")).upper())

    ext.run()

The SDK sends ``hello``, waits for ``hello_ack``, runs ``on_hello`` callbacks,
announces registrations and sends ``ready``, then dispatches host frames.
Command, tool and interceptor handlers run in their own threads; event
handlers run in order on the reader thread. Every handler context carries
``ctx.cancelled`` (a :class:`CancelToken`) that is set by ``tool_cancel``,
``shutdown`` or end of input. Once this module is imported, ``print`` goes
to stderr: stdout carries frames only.
"""

from __future__ import annotations

import base64
import itertools
import json
import queue
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Union

__all__ = [
    "Extension", "HostInfo", "ToolResult", "CancelToken", "CallToolError", "Panel",
    "ToolCall", "BeforeAgentStart", "CommandContext", "ToolContext", "HookContext",
    "prompt", "tool_prompt", "insert", "display", "open_panel", "noop", "error",
    "text", "image", "image_bytes", "text_result", "error_result",
    "DEFAULT_CAPABILITIES", "TRUNCATED_NOTE",
]

MAX_FRAME_BYTES = 4 * 1024 * 1024
CALL_TOOL_TIMEOUT = 60.0
HANDLER_GRACE = 1.0  # seconds handlers get to finish after shutdown or end of input
TRUNCATED_NOTE = "[tool result truncated by host]"
DEFAULT_CAPABILITIES = ["commands", "tools", "events", "panels", "tool_cancel", "call_tool"]
INTERCEPT_ORDER = ["before_agent_start", "tool_call", "turn_start", "assistant_message"]

JsonObject = Dict[str, Any]

# Importing the SDK makes this process an extension, whose stdout carries
# frames only: keep the real stdout for frames and send print() to stderr
# from here on, so even a print at the extension's top level (before hello)
# cannot corrupt the stream.
_FRAMES_OUT = sys.stdout.buffer
sys.stdout = sys.stderr


# --------------------------------------------------------------------------
# Values

@dataclass
class HostInfo:
    """What the host said about itself in ``hello_ack``."""
    protocol_version: int = 0
    zot_version: str = ""
    provider: str = ""
    model: str = ""
    cwd: str = ""
    extension_dir: str = ""
    data_dir: str = ""
    capabilities: List[str] = field(default_factory=list)


@dataclass
class ToolResult:
    """A tool's answer. Failures are values: ``is_error=True``."""
    content: List[JsonObject] = field(default_factory=list)
    is_error: bool = False
    activate_tools: List[str] = field(default_factory=list)


@dataclass
class ToolCall:
    """A proposed tool call given to ``intercept_tool_call``."""
    tool_id: str
    tool_name: str
    tool_args: JsonObject
    origin_extension: Optional[str] = None


@dataclass
class BeforeAgentStart:
    """The assembled system prompt given to ``intercept_before_agent_start``."""
    system_prompt: str
    session_id: str = ""
    agent_run_id: str = ""
    cwd: str = ""
    provider: str = ""
    model: str = ""


class CallToolError(Exception):
    """``call_tool`` could not complete (not a tool failure: those are ``is_error`` results)."""


class CancelToken:
    """Like ``threading.Event``, plus callbacks run once when it is set."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._callbacks: List[Callable[[], None]] = []
        self.reason = ""

    def is_set(self) -> bool:
        return self._event.is_set()

    def wait(self, timeout: Optional[float] = None) -> bool:
        return self._event.wait(timeout)

    def set(self, reason: str = "cancelled") -> None:
        with self._lock:
            if self._event.is_set():
                return
            self.reason = reason
            self._event.set()
            callbacks, self._callbacks = self._callbacks, []
        for cb in callbacks:
            cb()

    def on_cancel(self, cb: Callable[[], None]) -> Callable[[], None]:
        """Run ``cb`` when set (at once if already set); returns a remover."""
        with self._lock:
            if not self._event.is_set():
                self._callbacks.append(cb)
                return lambda: self._remove(cb)
        cb()
        return lambda: None

    def _remove(self, cb: Callable[[], None]) -> None:
        with self._lock:
            if cb in self._callbacks:
                self._callbacks.remove(cb)


def _linked(*tokens: Optional[CancelToken]) -> CancelToken:
    out = CancelToken()
    for t in tokens:
        if t is not None:
            t.on_cancel(lambda t=t: out.set(t.reason))
    return out


# --------------------------------------------------------------------------
# Builders

def prompt(text_: str) -> JsonObject:
    """Submit ``text_`` as a fresh user message."""
    return {"action": "prompt", "prompt": text_}


def tool_prompt(tool_name: str, args: JsonObject, text_: str) -> JsonObject:
    """Run ``tool_name`` through the host's guards, record it, then submit ``text_``."""
    if not tool_name or not text_:
        return error("tool_prompt requires a name and prompt")
    if not isinstance(args, dict):
        return error("tool_prompt args must be a JSON object")
    return {"action": "tool_prompt", "prompt": text_, "tool_name": tool_name, "tool_args": args}


def insert(text_: str) -> JsonObject:
    return {"action": "insert", "insert": text_}


def display(text_: str) -> JsonObject:
    return {"action": "display", "display": text_}


def open_panel(panel_id: str, title: str = "", lines: Optional[List[str]] = None,
               footer: str = "") -> JsonObject:
    return {"action": "open_panel", "open_panel": _panel_spec(panel_id, title, lines, footer)}


def noop() -> JsonObject:
    return {"action": "noop"}


def error(message: str) -> JsonObject:
    """A red status line (the wire has no error action: it rides on a noop)."""
    return {"action": "noop", "error": message}


def text(value: str) -> JsonObject:
    return {"type": "text", "text": value}


def image(mime_type: str, data_base64: str) -> JsonObject:
    return {"type": "image", "mime_type": mime_type, "data": data_base64}


def image_bytes(mime_type: str, data: bytes) -> JsonObject:
    return image(mime_type, base64.b64encode(data).decode("ascii"))


def text_result(value: str, activate_tools: Optional[List[str]] = None) -> ToolResult:
    return ToolResult([text(value)], False, list(activate_tools or []))


def error_result(value: str) -> ToolResult:
    return ToolResult([text(value)], True)


def _panel_spec(panel_id: str, title: str = "", lines: Optional[List[str]] = None,
                footer: str = "") -> JsonObject:
    spec: JsonObject = {"id": panel_id}
    if title:
        spec["title"] = title
    if lines is not None:
        spec["lines"] = list(lines)
    if footer:
        spec["footer"] = footer
    return spec


_ACTIONS = ("prompt", "tool_prompt", "insert", "display", "open_panel", "noop")


def _describe(value: Any) -> str:
    """A handler's return value in words, for the error that names it."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "a " + type(value).__name__


def _command_response(value: Any, name: str) -> JsonObject:
    """What command ``name`` returned, as a response: None is noop; anything that is not
    a builder's dict is an error naming the fix (never a thread dying without a reply)."""
    if value is None:
        return noop()
    if isinstance(value, dict) and value.get("action") in _ACTIONS:
        return value
    return error("/%s returned %s instead of a response: return display(text), prompt(text), "
                 "insert(text), noop() or another builder" % (name, _describe(value)))


def _tool_result(value: Any, name: str) -> ToolResult:
    """What tool ``name`` returned, as a result: a string is text, None empty, anything
    else that is not a ToolResult an error result naming the fix."""
    if isinstance(value, ToolResult):
        return value
    if isinstance(value, str):
        return text_result(value)
    if value is None:
        return text_result("")
    return error_result('tool "%s" returned %s instead of a result: return a string or '
                        "text_result(text)" % (name, _describe(value)))


def _decision(event: str, value: Any) -> JsonObject:
    """An interceptor's decision: None allows, a dict decides. Anything else (True, or the
    Go SDK's ``(allowed, reason)`` tuple) raises, so the call is blocked like a crash."""
    if value is None:
        return {}
    if isinstance(value, dict):
        return value
    raise TypeError("the %s interceptor returned %s; return None to allow, or a dict such as "
                    '{"block": True, "reason": ...}' % (event, _describe(value)))


def _result_frame(call_id: str, result: Union[ToolResult, str]) -> JsonObject:
    if isinstance(result, str):
        result = text_result(result)
    frame: JsonObject = {"type": "tool_result", "id": call_id, "content": result.content}
    if result.is_error:
        frame["is_error"] = True
    if result.activate_tools:
        frame["activate_tools"] = result.activate_tools
    return frame


# --------------------------------------------------------------------------
# Contexts and panels

@dataclass
class HookContext:
    cancelled: CancelToken


@dataclass
class CommandContext:
    id: str
    name: str
    cancelled: CancelToken


class ToolContext:
    """Given to tool handlers; ``call_tool`` sets ``parent_id`` to this call."""

    def __init__(self, ext: "Extension", call_id: str, name: str, cancelled: CancelToken):
        self._ext = ext
        self.id = call_id
        self.name = name
        self.cancelled = cancelled

    def call_tool(self, name: str, args: JsonObject, cancel: Optional[CancelToken] = None,
                  timeout: float = CALL_TOOL_TIMEOUT) -> ToolResult:
        return self._ext.call_tool(name, args, parent_id=self.id,
                                   cancel=_linked(cancel, self.cancelled), timeout=timeout)


class Panel:
    """One panel by id. Create with ``ext.panel(id, on_key=..., on_close=...)``."""

    def __init__(self, ext: "Extension", panel_id: str,
                 on_key: Optional[Callable[[str, str], None]],
                 on_close: Optional[Callable[[], None]]):
        self._ext = ext
        self.id = panel_id
        self.on_key = on_key
        self.on_close = on_close
        self.is_open = False

    def response(self, title: str = "", lines: Optional[List[str]] = None, footer: str = "") -> JsonObject:
        """A command response that opens this panel."""
        self.is_open = True
        return open_panel(self.id, title, lines, footer)

    def open(self, title: str = "", lines: Optional[List[str]] = None, footer: str = "") -> None:
        self.is_open = True
        self._ext._send({"type": "open_panel", "panel": _panel_spec(self.id, title, lines, footer)})

    def render(self, title: str = "", lines: Optional[List[str]] = None, footer: str = "") -> None:
        spec = _panel_spec(self.id, title, lines, footer)
        spec["panel_id"] = spec.pop("id")
        spec["type"] = "panel_render"
        self._ext._send(spec)

    def close(self) -> None:
        self.is_open = False
        self._ext._send({"type": "panel_close", "panel_id": self.id})

    def dispose(self) -> None:
        """Stop receiving this panel's keys (closing it first if open); for per-call panels,
        which would otherwise stay registered for the life of the extension."""
        if self.is_open:
            self.close()
        with self._ext._lock:
            if self._ext._panels.get(self.id) is self:
                del self._ext._panels[self.id]


# --------------------------------------------------------------------------
# The extension

class Extension:
    """Register commands, tools, hooks and panels, then call :meth:`run`."""

    def __init__(self, name: str, version: str = "0.0.0",
                 capabilities: Optional[List[str]] = None, stdin: Any = None, stdout: Any = None):
        self.name = name
        self.version = version
        self._caps = list(capabilities if capabilities is not None else DEFAULT_CAPABILITIES)
        self._stdin = stdin
        self._stdout = stdout
        self._lock = threading.Lock()
        self._running = False
        self._closed = False
        self._early: List[JsonObject] = []
        self._host: Optional[HostInfo] = None
        self._life = CancelToken()
        self._commands: Dict[str, Any] = {}
        self._tools: Dict[str, Any] = {}
        self._events: Dict[str, List[Callable[..., None]]] = {}
        self._hooks: Dict[str, Callable[..., Any]] = {}
        self._panels: Dict[str, Panel] = {}
        self._on_hello: List[Callable[[HostInfo], None]] = []
        self._active: Dict[str, CancelToken] = {}
        self._pending: Dict[str, Any] = {}
        self._ids = itertools.count(1)
        self._threads: List[threading.Thread] = []
        self._ui: Optional["queue.Queue[Any]"] = None
        self._reader: Optional[int] = None

    # ---- registration -------------------------------------------------

    @property
    def host(self) -> HostInfo:
        if self._host is None:
            raise RuntimeError("Host info is not available before hello_ack (use ext.on_hello)")
        return self._host

    def on_hello(self, fn: Callable[[HostInfo], None]) -> Callable[[HostInfo], None]:
        """Decorator: run after ``hello_ack``, before registrations are announced."""
        self._on_hello.append(fn)
        return fn

    def command(self, name: str, description: str = "") -> Callable:
        """Decorator: ``fn(args: str, ctx: CommandContext) -> response``."""
        def register(fn: Callable) -> Callable:
            # The host keeps the first registration of a name: a second handler would never run.
            if name.lower() in self._commands:
                raise ValueError(f'command "/{name}" is already registered (names match in any case)')
            self._commands[name.lower()] = (name, description, fn)
            self._announce({"type": "register_command", "name": name, "description": description})
            return fn
        return register

    def tool(self, name: str, description: str, schema: Optional[JsonObject] = None,
             deferred: bool = False, interactive: bool = False) -> Callable:
        """Decorator: ``fn(args: dict, ctx: ToolContext) -> ToolResult | str``."""
        def register(fn: Callable) -> Callable:
            frame = {"type": "register_tool", "name": name, "description": description,
                     "schema": schema if schema is not None else {"type": "object", "properties": {}}}
            if deferred:
                frame["deferred"] = True
            if interactive:
                frame["interactive"] = True
            if name in self._tools:
                raise ValueError(f'tool "{name}" is already registered')
            self._tools[name] = (frame, fn)
            self._announce(frame)
            return fn
        return register

    def on(self, event: str) -> Callable:
        """Decorator: ``fn(event: dict)`` for a lifecycle event (wire field names)."""
        def register(fn: Callable) -> Callable:
            handlers = self._events.setdefault(event, [])
            if not handlers:
                self._announce({"type": "subscribe", "events": [event]})
            handlers.append(fn)
            return fn
        return register

    def _intercept(self, event: str, fn: Callable) -> Callable:
        is_new = event not in self._hooks
        self._hooks[event] = fn
        if is_new:
            self._announce({"type": "subscribe", "intercept": [event]})
        return fn

    def intercept_tool_call(self, fn: Callable) -> Callable:
        """``fn(call: ToolCall, ctx)`` returns None, or a dict with ``block``/``reason``/``modified_args``.

        When an extension later in the chain rewrites the args, ``fn`` is asked again with the
        result (same ``tool_id``): there only a block counts, a rewrite is not applied.
        """
        return self._intercept("tool_call", fn)

    def intercept_turn_start(self, fn: Callable) -> Callable:
        """``fn(step: int, ctx)`` returns None or ``{"block": True, "reason": ...}``."""
        return self._intercept("turn_start", fn)

    def intercept_assistant_message(self, fn: Callable) -> Callable:
        """``fn(text: str, ctx)`` returns None or a dict with ``block``/``reason``/``replace_text``."""
        return self._intercept("assistant_message", fn)

    def intercept_before_agent_start(self, fn: Callable) -> Callable:
        """``fn(req: BeforeAgentStart, ctx)`` returns the replacement prompt, or None to keep it."""
        return self._intercept("before_agent_start", fn)

    def panel(self, panel_id: str, on_key: Optional[Callable[[str, str], None]] = None,
              on_close: Optional[Callable[[], None]] = None) -> Panel:
        p = Panel(self, panel_id, on_key, on_close)
        with self._lock:
            self._panels[panel_id] = p
        return p

    # ---- runtime calls ------------------------------------------------

    def notify(self, level: str, message: str) -> None:
        self._send({"type": "notify", "level": level, "message": message})

    def clear_notes(self) -> None:
        self._send({"type": "clear_notes"})

    def submit(self, text_: str) -> None:
        self._send({"type": "submit", "text": text_})

    def log(self, *parts: Any) -> None:
        print("[" + self.name + "]", *parts, file=sys.stderr, flush=True)

    def call_tool(self, name: str, args: JsonObject, parent_id: Optional[str] = None,
                  cancel: Optional[CancelToken] = None, timeout: float = CALL_TOOL_TIMEOUT) -> ToolResult:
        """Run a tool through the host. Tool failures are ``is_error`` results; raises
        :class:`CallToolError` when the host lacks call_tool, on cancel, timeout or disconnect."""
        if "call_tool" not in (self._host.capabilities if self._host else []):
            raise CallToolError("host does not support call_tool")
        if threading.get_ident() == self._reader:
            # The reply would arrive on this very thread: waiting would stall every frame.
            raise CallToolError("call_tool cannot wait in an event or on_hello handler (they run "
                                "on the thread that reads the host's replies): call it from a "
                                "command, tool or interceptor handler, or a thread of your own")
        if not isinstance(args, dict):
            raise CallToolError("call_tool args must be a JSON object")
        call_id = "sdk-%d" % next(self._ids)
        done = threading.Event()
        slot: Dict[str, Any] = {}

        def finish(**kw: Any) -> None:
            with self._lock:
                if self._pending.pop(call_id, None) is None:
                    return
            slot.update(kw)
            done.set()

        def on_cancel() -> None:
            if call_id in self._pending:
                self._send({"type": "call_tool_cancel", "id": call_id})
            finish(error=(cancel.reason if cancel is not None and cancel.reason else "call_tool cancelled"))

        with self._lock:
            if self._closed:
                raise CallToolError("host disconnected")
            self._pending[call_id] = finish
        frame: JsonObject = {"type": "call_tool", "id": call_id, "name": name, "args": args}
        if parent_id:
            frame["parent_id"] = parent_id
        self._send(frame)
        remove = cancel.on_cancel(on_cancel) if cancel is not None else (lambda: None)
        try:
            if not done.wait(timeout):
                self._send({"type": "call_tool_cancel", "id": call_id})
                finish(error='call_tool "%s" timed out after %g s' % (name, timeout))
                done.wait()
        finally:
            remove()
        if "error" in slot:
            raise CallToolError(slot["error"])
        return slot["result"]

    # ---- the loop -----------------------------------------------------

    def run(self) -> None:
        """Handshake, then serve until ``shutdown`` or end of input."""
        reader = self._stdin if self._stdin is not None else sys.stdin.buffer
        self._reader = threading.get_ident()
        if self._stdout is None:
            self._stdout = _FRAMES_OUT
        self._write({"type": "hello", "name": self.name, "version": self.version,
                     "capabilities": self._caps})
        try:
            ack = self._read(reader)
            if ack is None:
                self.log("host closed input before hello_ack")
                return
            if ack.get("type") != "hello_ack":
                raise RuntimeError('First host frame must be hello_ack (got "%s")' % ack.get("type"))
            self._host = HostInfo(
                protocol_version=int(ack.get("protocol_version") or 0),
                zot_version=str(ack.get("zot_version") or ""),
                provider=str(ack.get("provider") or ""),
                model=str(ack.get("model") or ""),
                cwd=str(ack.get("cwd") or ""),
                extension_dir=str(ack.get("extension_dir") or ""),
                data_dir=str(ack.get("data_dir") or ack.get("extension_dir") or ""),
                capabilities=[c for c in ack.get("capabilities") or [] if isinstance(c, str)],
            )
            for fn in self._on_hello:
                fn(self._host)
            for frame in self._registrations():
                self._write(frame)
            self._write({"type": "ready"})
            with self._lock:
                self._running = True
                early, self._early = self._early, []
            for frame in early:
                self._write(frame)
            while True:
                frame = self._read(reader)
                if frame is None or self._dispatch(frame) == "stop":
                    break
        finally:
            self._close()

    def _read(self, reader: Any) -> Optional[JsonObject]:
        while True:
            raw = reader.readline(MAX_FRAME_BYTES + 1)
            if not raw:
                return None
            if len(raw) > MAX_FRAME_BYTES:
                self.log("host frame over 4 MiB; stopping")
                return None
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            try:
                frame = json.loads(line)
            except ValueError as e:
                self.log("ignoring malformed host frame:", e)
                continue
            if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
                self.log("ignoring host frame without a type")
                continue
            return frame

    def _dispatch(self, f: JsonObject) -> Optional[str]:
        kind = f["type"]
        if kind == "command_invoked":
            self._spawn(self._run_command, str(f.get("id", "")), str(f.get("name", "")),
                        str(f.get("args") or ""))
        elif kind == "tool_call":
            call_id = str(f.get("id", ""))
            token = _linked(self._life)
            # Registered before the thread starts, so a following tool_cancel finds it.
            self._active[call_id] = token
            args = f.get("args") if isinstance(f.get("args"), dict) else {}
            self._spawn(self._run_tool, call_id, str(f.get("name", "")), args, token)
        elif kind == "tool_cancel":
            token = self._active.get(str(f.get("id", "")))
            if token is not None:
                token.set("tool call cancelled by host")
        elif kind == "tool_result":
            with self._lock:
                finish = self._pending.get(str(f.get("id", "")))
            if finish is None:
                self.log('ignoring late tool_result "%s"' % f.get("id"))
            else:
                content = [b for b in f.get("content") or [] if isinstance(b, dict)]
                if f.get("truncated"):
                    content.append(text(TRUNCATED_NOTE))
                finish(result=ToolResult(content, bool(f.get("is_error"))))
        elif kind == "event":
            for fn in list(self._events.get(str(f.get("event")), [])):
                self._guard(fn, f)
        elif kind == "event_intercept":
            self._spawn(self._run_intercept, f)
        elif kind == "panel_key":
            self._ui_call(self._panel_key, str(f.get("panel_id")), str(f.get("key", "")),
                          str(f.get("text") or ""))
        elif kind == "panel_close":
            p = self._panels.get(str(f.get("panel_id")))
            if p is not None:
                p.is_open = False
                self._ui_call(self._panel_closed, p.id)
        elif kind == "shutdown":
            self._life.set("host shut down")
            self._send({"type": "shutdown_ack"})
            return "stop"
        else:
            self.log('ignoring host frame of type "%s"' % kind)
        return None

    def _run_command(self, call_id: str, name: str, args: str) -> None:
        entry = self._commands.get(name.lower())
        try:
            if entry is None:
                response = error("no handler for /" + name)
            else:
                response = _command_response(
                    entry[2](args, CommandContext(call_id, name, self._life)), name)
        except Exception as e:  # a handler bug becomes an error response
            response = error("panic: %s" % e)
        if self._life.is_set():
            return
        try:
            self._send(dict(response, type="command_response", id=call_id))
        except (TypeError, ValueError) as e:  # a value JSON cannot encode: still answer
            self._send(dict(error("panic: %s" % e), type="command_response", id=call_id))

    def _run_tool(self, call_id: str, name: str, args: JsonObject, token: CancelToken) -> None:
        entry = self._tools.get(name)
        try:
            if entry is None:
                result = error_result('no handler for tool "%s"' % name)
            else:
                result = _tool_result(entry[1](args, ToolContext(self, call_id, name, token)), name)
        except Exception as e:
            result = error_result("panic: %s" % e)
        finally:
            self._active.pop(call_id, None)
        # The host gave up on a cancelled call; a late result would be noise.
        if token.is_set():
            return
        try:
            self._send(_result_frame(call_id, result))
        except (TypeError, ValueError) as e:  # a value JSON cannot encode: still answer
            self._send(_result_frame(call_id, error_result("panic: %s" % e)))

    def _run_intercept(self, f: JsonObject) -> None:
        out: JsonObject = {"type": "event_intercept_response", "id": f.get("id")}
        event = f.get("event")
        hook = self._hooks.get(str(event))
        ctx = HookContext(self._life)
        try:
            if hook is None:
                pass
            elif event == "tool_call":
                args = f.get("tool_args") if isinstance(f.get("tool_args"), dict) else {}
                d = _decision("tool_call", hook(ToolCall(
                    str(f.get("tool_id", "")), str(f.get("tool_name", "")), args,
                    f.get("origin_extension")), ctx))
                if d.get("block"):
                    out.update(block=True, reason=d.get("reason") or "")
                elif isinstance(d.get("modified_args"), dict):
                    out["modified_args"] = d["modified_args"]
            elif event == "turn_start":
                d = _decision("turn_start", hook(int(f.get("step") or 0), ctx))
                if d.get("block"):
                    out.update(block=True, reason=d.get("reason") or "")
            elif event == "assistant_message":
                original = str(f.get("text") or "")
                d = _decision("assistant_message", hook(original, ctx))
                if d.get("block"):
                    out.update(block=True, reason=d.get("reason") or "")
                elif isinstance(d.get("replace_text"), str) and d["replace_text"] != original:
                    out["replace_text"] = d["replace_text"]
            elif event == "before_agent_start":
                req = BeforeAgentStart(*(str(f.get(k) or "") for k in (
                    "system_prompt", "session_id", "agent_run_id", "cwd", "provider", "model")))
                replacement = hook(req, ctx)
                if isinstance(replacement, str):
                    out["system_prompt"] = replacement
        except Exception as e:  # fail closed: a broken guard must not let the call through
            out = {"type": "event_intercept_response", "id": f.get("id"), "block": True,
                   "reason": "intercept panic: %s" % e}
        if out.get("reason") == "":
            del out["reason"]
        self._send(out)

    # Looked up when the UI thread gets to the key, not when it was read: an earlier
    # key's handler may have disposed the panel in between.
    def _panel_key(self, panel_id: str, key: str, text_: str) -> None:
        p = self._panels.get(panel_id)
        if p is not None and p.on_key is not None:
            p.on_key(key, text_)

    def _panel_closed(self, panel_id: str) -> None:
        p = self._panels.get(panel_id)
        if p is not None and p.on_close is not None:
            p.on_close()

    def _guard(self, fn: Callable, *args: Any) -> None:
        try:
            fn(*args)
        except Exception as e:
            self.log("handler failed:", e)

    def _ui_call(self, fn: Callable, *args: Any) -> None:
        """Panel callbacks run on one worker thread: keys are handled in the order typed,
        without blocking the reader."""
        if self._ui is None:
            self._ui = queue.Queue()
            ui = self._ui

            def worker() -> None:
                while True:
                    item = ui.get()
                    if item is None:
                        return
                    self._guard(item[0], *item[1])

            self._spawn(worker)
        self._ui.put((fn, args))

    def _spawn(self, fn: Callable, *args: Any) -> None:
        t = threading.Thread(target=fn, args=args, daemon=True)
        with self._lock:
            self._threads = [x for x in self._threads if x.is_alive()] + [t]
        t.start()

    def _close(self) -> None:
        # Cancel first: handlers reacting at once may still send a last frame.
        self._life.set("host closed input")
        with self._lock:
            pending = list(self._pending.values())
        for finish in pending:
            finish(error="host disconnected")
        if self._ui is not None:
            self._ui.put(None)
        with self._lock:
            self._closed = True
            threads = list(self._threads)
        # Give cancelled handlers a moment to clean up; daemon threads die with the process.
        deadline = time.monotonic() + HANDLER_GRACE
        for t in threads:
            t.join(max(0.0, deadline - time.monotonic()))

    def _registrations(self) -> List[JsonObject]:
        out: List[JsonObject] = []
        for name, description, _ in self._commands.values():
            out.append({"type": "register_command", "name": name, "description": description})
        out.extend(frame for frame, _ in self._tools.values())
        sub: JsonObject = {"type": "subscribe"}
        if self._events:
            sub["events"] = list(self._events)
        intercept = [e for e in INTERCEPT_ORDER if e in self._hooks]
        if intercept:
            sub["intercept"] = intercept
        if len(sub) > 1:
            out.append(sub)
        return out

    def _announce(self, frame: JsonObject) -> None:
        if self._running:
            self._send(frame)

    def _send(self, frame: JsonObject) -> None:
        with self._lock:
            if self._closed:
                return
            if not self._running:
                self._early.append(frame)
                return
        self._write(frame)

    def _write(self, frame: JsonObject) -> None:
        data = (json.dumps(frame, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        with self._lock:
            try:
                self._stdout.write(data)
                self._stdout.flush()
            except (BrokenPipeError, ValueError, OSError):
                self._closed = True
