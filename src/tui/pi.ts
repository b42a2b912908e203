/**
 * The parts of pi-tui that zot runs, each imported from its own module. The
 * package's index loads every component it has, used or not (markdown and
 * its parser, images, settings lists, loaders, boxes), and the interactive
 * mode's first frame would wait for all of it. Types still come from the
 * package's index: a type import loads nothing. The markdown component is
 * not here: it loads after the first frame (markdown_loader.ts).
 *
 * @module
 */

export { Container, CURSOR_MARKER, TUI } from "@mariozechner/pi-tui/dist/tui.js";
export {
  truncateToWidth,
  visibleWidth,
  wrapTextWithAnsi,
} from "@mariozechner/pi-tui/dist/utils.js";
export { decodeKittyPrintable, matchesKey, parseKey } from "@mariozechner/pi-tui/dist/keys.js";
export { Editor } from "@mariozechner/pi-tui/dist/components/editor.js";
export { SelectList } from "@mariozechner/pi-tui/dist/components/select-list.js";
export { ProcessTerminal } from "@mariozechner/pi-tui/dist/terminal.js";
export { CombinedAutocompleteProvider } from "@mariozechner/pi-tui/dist/autocomplete.js";
