#!/bin/sh
# shout: a zot extension in POSIX sh, using jq to read and write JSON.
# /shout <text> shows the text in capitals; the shout tool does the same for
# the model. stdout carries protocol frames only; diagnostics go to stderr.
set -u

emit() { printf '%s\n' "$1"; }

emit '{"type":"hello","name":"shout","version":"1.0.0","capabilities":["commands","tools"]}'

# The first host frame is hello_ack. Matching it with a shell pattern instead
# of starting jq keeps the registrations inside the host's 250 ms idle window.
IFS= read -r line || exit 0
case "$line" in
  *'"hello_ack"'*) ;;
  *) echo "shout: expected hello_ack first, got: $line" >&2; exit 1 ;;
esac
emit '{"type":"register_command","name":"shout","description":"say it in capitals: /shout <text>"}'
emit '{"type":"register_tool","name":"shout","description":"Return the text in capitals with an exclamation mark.","schema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}'
emit '{"type":"ready"}'

# One jq call per frame builds the whole reply; jq does the JSON escaping.
while IFS= read -r line || [ -n "$line" ]; do
  type=$(printf '%s' "$line" | jq -r '.type // empty' 2>/dev/null) || {
    echo "shout: ignoring a line that is not JSON" >&2
    continue
  }
  case "$type" in
    command_invoked)
      emit "$(printf '%s' "$line" | jq -c 'if (.args // "") == "" then
          {type: "command_response", id: .id, action: "noop", error: "usage: /shout <text>"}
        else
          {type: "command_response", id: .id, action: "display", display: (.args | ascii_upcase)}
        end')"
      ;;
    tool_call)
      emit "$(printf '%s' "$line" | jq -c '{type: "tool_result", id: .id,
        content: [{type: "text", text: ((.args.text // "" | tostring | ascii_upcase) + "!")}]}')"
      ;;
    shutdown)
      emit '{"type":"shutdown_ack"}'
      exit 0
      ;;
    *)
      # Events and frames we do not use; ignoring unknown types keeps us forward compatible.
      ;;
  esac
done
