#!/bin/sh
# Installs the zot binary for this machine (Linux, macOS) from a release:
#
#   curl -fsSL https://github.com/zot-agent/zot/releases/latest/download/install.sh | sh
#
# It picks the archive for `uname -s`/`uname -m`, downloads it and SHA256SUMS
# from $ZOT_INSTALL_BASE_URL/latest/download/ (or /download/v$ZOT_VERSION/ when
# ZOT_VERSION is set; the base URL defaults to the project's releases page),
# refuses the archive unless its SHA-256 equals the SHA256SUMS entry for exactly
# its name, checks that the binary runs, and moves it into $ZOT_INSTALL_DIR
# (default ~/.local/bin) with one rename. Any failure installs nothing.
set -eu

fail() {
  printf 'zot install: %s\n' "$1" >&2
  exit 1
}

# Everything runs from main, called on the last line: a download of this script cut short
# (curl … | sh) defines nothing and so runs nothing.
main() {
  base=${ZOT_INSTALL_BASE_URL:-https://github.com/zot-agent/zot/releases}
  base=${base%/}
  dir=${ZOT_INSTALL_DIR:-${HOME:?HOME is not set}/.local/bin}

  # Over plain http the archive and SHA256SUMS could both be changed on the way.
  # The host is read out of the URL, not matched as a prefix: "http://localhost:@evil.example"
  # names evil.example (the part before "@" is a user name).
  plain_http="ZOT_INSTALL_BASE_URL \"$base\" must be an https URL (plain http only on 127.0.0.1)"
  case $base in
    https://*) ;;
    http://*)
      authority=${base#http://}
      authority=${authority%%/*}
      host=${authority%%:*}
      port=${authority#"$host"}
      case $authority in *@*) fail "$plain_http" ;; esac
      case $port in "" | :) ;; :*[!0-9]* | *[!0-9:]*) fail "$plain_http" ;; esac
      case $host in 127.0.0.1 | localhost) ;; *) fail "$plain_http" ;; esac
      ;;
    *) fail "$plain_http" ;;
  esac

  sys=$(uname -s)
  machine=$(uname -m)
  case $sys in
    Linux) os=unknown-linux-gnu ;;
    Darwin) os=apple-darwin ;;
    MINGW* | MSYS* | CYGWIN* | Windows*)
      fail "on Windows, run scripts/install.ps1 in PowerShell instead" ;;
    *) fail "no zot release is built for $sys $machine (build it from source: see the README's \"Install\")" ;;
  esac
  case $machine in
    x86_64 | amd64) arch=x86_64 ;;
    arm64 | aarch64) arch=aarch64 ;;
    *) fail "no zot release is built for $sys $machine (build it from source: see the README's \"Install\")" ;;
  esac
  # A shell under Rosetta reports x86_64 on an Apple silicon Mac: the native build is better.
  if [ "$os" = apple-darwin ] && [ "$arch" = x86_64 ] &&
    [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || true)" = 1 ]; then
    arch=aarch64
  fi
  asset="zot-$arch-$os.tar.gz"

  if [ -n "${ZOT_VERSION:-}" ]; then
    case $ZOT_VERSION in
      *[!0-9A-Za-z.+-]* | '') fail "ZOT_VERSION \"$ZOT_VERSION\" is not a version (like 0.2.0)" ;;
    esac
    tag=v${ZOT_VERSION#v}
    from="$base/download/$tag"
  else
    from="$base/latest/download"
  fi

  if command -v curl >/dev/null 2>&1; then
    fetch() { curl -fsSL --retry 2 -o "$2" "$1"; }
  elif command -v wget >/dev/null 2>&1; then
    fetch() { wget -q -O "$2" "$1"; }
  else
    fail "neither curl nor wget is installed (install one of them and run this again)"
  fi
  if command -v sha256sum >/dev/null 2>&1; then
    digest() { sha256sum "$1" | cut -d ' ' -f 1; }
  elif command -v shasum >/dev/null 2>&1; then
    digest() { shasum -a 256 "$1" | cut -d ' ' -f 1; }
  else
    fail "neither sha256sum nor shasum is installed, so the download cannot be verified"
  fi

  work=$(mktemp -d 2>/dev/null || mktemp -d -t zot-install)
  staged=""
  cleanup() {
    rm -rf "$work"
    if [ -n "$staged" ]; then rm -f "$staged"; fi
  }
  trap cleanup EXIT
  trap 'exit 1' HUP INT TERM

  fetch "$from/$asset" "$work/$asset" || fail "cannot download $from/$asset (is there a release for $sys $machine?)"
  fetch "$from/SHA256SUMS" "$work/SHA256SUMS" || fail "cannot download $from/SHA256SUMS"

  # The entry for exactly this asset name ("name" or "*name"); two different ones refuse it.
  want=$(awk -v n="$asset" '$2 == n || $2 == "*" n { print tolower($1) }' "$work/SHA256SUMS" | sort -u)
  case $want in
    '') fail "SHA256SUMS has no entry for $asset: refusing to install it" ;;
    *[!0-9a-f]*) fail "SHA256SUMS has no single valid entry for $asset: refusing to install it" ;;
  esac
  [ ${#want} -eq 64 ] || fail "SHA256SUMS has no single valid entry for $asset: refusing to install it"
  got=$(digest "$work/$asset")
  [ "$got" = "$want" ] ||
    fail "the checksum of $asset does not match SHA256SUMS (expected $want, got $got): refusing to install it"

  mkdir "$work/x"
  tar -xzf "$work/$asset" -C "$work/x" zot 2>/dev/null || fail "$asset holds no zot binary"
  # A link named zot could point anywhere: only a regular file is installed.
  if [ -L "$work/x/zot" ] || [ ! -f "$work/x/zot" ]; then fail "$asset holds no zot binary"; fi
  chmod 755 "$work/x/zot"
  version=$("$work/x/zot" --version 2>/dev/null) || fail "the downloaded zot does not run on this machine"

  mkdir -p "$dir" 2>/dev/null || fail "cannot create $dir (set ZOT_INSTALL_DIR to a directory you can write)"
  # Staged beside the target so the rename is atomic: zot is the old binary or the new one.
  staged="$dir/.zot.new.$$"
  cp "$work/x/zot" "$staged" 2>/dev/null && chmod 755 "$staged" 2>/dev/null ||
    fail "cannot write to $dir (set ZOT_INSTALL_DIR to a directory you can write)"
  mv -f "$staged" "$dir/zot" 2>/dev/null ||
    fail "cannot replace $dir/zot (set ZOT_INSTALL_DIR to a directory you can write)"
  staged=""

  echo "Installed zot $version to $dir/zot"
  case ":${PATH:-}:" in
    *":$dir:"*) ;;
    *)
      echo "$dir is not on your PATH. Add it, e.g. in ~/.profile or your shell's rc file:"
      echo "  export PATH=\"$dir:\$PATH\""
      ;;
  esac
}

main "$@"
