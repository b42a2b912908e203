#!/usr/bin/env python3
"""scratchpad: notes you and the model share, written with the Python SDK.

/note <text> adds a note, /notes shows them, /clear-notes empties the pad;
the model reads them with the read_notes tool and adds with add_note. Notes
are JSON lines in notes.jsonl in the data directory the host names.
"""
import json
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zot_ext import Extension, display, error, error_result, text_result  # noqa: E402

ext = Extension("scratchpad", "1.0.0")
lock = threading.Lock()  # handlers run in threads


def path():
    return os.path.join(ext.host.data_dir, "notes.jsonl")


def read_notes():
    try:
        with open(path(), encoding="utf-8") as f:
            return [json.loads(line)["text"] for line in f if line.strip()]
    except FileNotFoundError:
        return []


def add(text):
    with lock, open(path(), "a", encoding="utf-8") as f:
        f.write(json.dumps({"text": text}, ensure_ascii=False) + "\n")


def listing():
    notes = read_notes()
    return "\n".join("%d. %s" % (i + 1, n) for i, n in enumerate(notes)) or "(no notes yet)"


@ext.command("note", "add a note: /note <text>")
def note(args, ctx):
    if not args.strip():
        return error("usage: /note <text>")
    add(args.strip())
    return display("noted (%d on the pad)" % len(read_notes()))


@ext.command("notes", "show all notes")
def notes(args, ctx):
    return display(listing())


@ext.command("clear-notes", "remove every note")
def clear(args, ctx):
    with lock:
        if os.path.exists(path()):
            os.remove(path())
    ext.notify("info", "scratchpad cleared")
    return display("the pad is empty")


@ext.tool("read_notes", "Read the user's scratchpad notes.")
def read_tool(args, ctx):
    return text_result(listing())


@ext.tool("add_note", "Add a note to the user's scratchpad.",
          {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]})
def add_tool(args, ctx):
    text = str(args.get("text", "")).strip()
    if not text:
        return error_result('add_note needs a "text"')
    add(text)
    return text_result("added; the pad now has %d notes" % len(read_notes()))



ext.run()
