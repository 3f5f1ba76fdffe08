#!/usr/bin/env bash
# Prints the directory of a Node.js 24 binary: the machine's own when it is already on the 24 line,
# otherwise the official build from the npm registry's node-linux-<arch> package, installed once
# into a cache outside the repository.
set -euo pipefail
VERSION="24.21.0"
if node --version | grep -q '^v24\.'; then
  dirname "$(command -v node)"
  exit 0
fi
case "$(uname -m)" in
  x86_64) ARCH="x64" ;;
  aarch64 | arm64) ARCH="arm64" ;;
  *) echo "No Node.js 24 package for $(uname -m); install Node.js 24 and put it first on PATH." >&2; exit 1 ;;
esac
DIR="${XDG_CACHE_HOME:-$HOME/.cache}/serene/node-$VERSION-$ARCH"
BIN="$DIR/node_modules/node-linux-$ARCH/bin"
if [ ! -x "$BIN/node" ]; then
  npm install --no-save --no-audit --no-fund --no-package-lock --prefix "$DIR" "node-linux-$ARCH@$VERSION" >&2
fi
echo "$BIN"
