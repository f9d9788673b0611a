#!/usr/bin/env bash
# End-to-end test of a built .vsix in a real VS Code: installs code-server and puppeteer-core from
# npm into this folder (package-lock.json), then runs e2e.test.mjs (code-server on 127.0.0.1,
# Debian's Chromium headless). Fails when the test fails or the install fails; skips (exit 0 with
# a message) only when the npm registry cannot be reached.
#
#   client-vscode/test/e2e-codeserver/run.sh [path/to/docfact-linux-x64.vsix]
#
# Needs: Node.js 20 (code-server 4.100 runs on 20 only), make and g++ (native modules), Debian's
# libkrb5-dev (code-server's kerberos module), ripgrep (`rg`: VS Code's file search; put in place
# of @vscode/ripgrep's GitHub download) and chromium. scripts/test-all installs them with apt-get.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
case "$(uname -m)" in
  x86_64) TARGET=linux-x64; RG_TARGET=x86_64-unknown-linux-musl ;;
  aarch64 | arm64) TARGET=linux-arm64; RG_TARGET=aarch64-unknown-linux-musl ;;
  *) echo "e2e-codeserver: no .vsix target for $(uname -m)" >&2; exit 1 ;;
esac
VSIX=$(realpath -m "${1:-$HERE/../../vsix/docfact-$TARGET.vsix}")
# @vscode/ripgrep's version in code-server's npm-shrinkwrap.json and the ripgrep release its
# postinstall fetches; change both with the code-server version in package.json.
RG_PKG_VERSION=1.15.11
RG_RELEASE=v13.0.0-10

fail() { echo "e2e-codeserver: $*" >&2; exit 1; }
[ -f "$VSIX" ] || fail "$VSIX is missing: build it with 'npm run package -- $TARGET' in client-vscode"
[ "$(node -p 'process.versions.node.split(".")[0]')" = 20 ] || fail "code-server 4.100 needs Node.js 20; this is $(node --version)"
RG=$(command -v rg) || fail "ripgrep is missing (Debian: apt-get install ripgrep)"
command -v krb5-config >/dev/null || fail "Kerberos headers are missing (Debian: apt-get install libkrb5-dev)"

stamp="$HERE/node_modules/.docfact-installed"
want=$(sha256sum "$HERE/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] || [ ! -x "$HERE/node_modules/.bin/code-server" ]; then
  echo "== installing code-server and puppeteer-core (npm ci in $HERE)"
  started=$SECONDS
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # @vscode/ripgrep's postinstall downloads rg from GitHub unless its cache (in the temp folder)
  # holds the release archive: seed that cache with the system's rg.
  mkdir -p "$work/tmp/vscode-ripgrep-cache-$RG_PKG_VERSION" "$work/rg"
  cp "$RG" "$work/rg/rg"
  tar czf "$work/tmp/vscode-ripgrep-cache-$RG_PKG_VERSION/ripgrep-$RG_RELEASE-$RG_TARGET.tar.gz" -C "$work/rg" rg
  # Native modules build against the installed Node.js headers (node-gyp would download them),
  # npx answers yes (node-pty runs `npx node-gyp`), and code-server's postinstall wants
  # unsafe-perm when run as root.
  nodedir=$(dirname "$(dirname "$(realpath "$(command -v node)")")")
  [ -f "$nodedir/include/node/common.gypi" ] || fail "no Node.js headers in $nodedir/include/node (Debian: they come with nodejs)"
  if ! (cd "$HERE" && TMPDIR="$work/tmp" npm_config_nodedir="$nodedir" npm_config_yes=true npm_config_unsafe_perm=true \
        timeout 1200 npm ci --no-audit --no-fund --loglevel=error); then
    if ! timeout 60 npm ping >/dev/null 2>&1; then
      echo "e2e-codeserver: SKIPPED: the npm registry cannot be reached, so code-server cannot be installed"
      exit 0
    fi
    fail "npm ci failed (the registry answers, so this is a real failure; see above)"
  fi
  rg_bin="$HERE/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
  [ -x "$rg_bin" ] || fail "code-server has no ripgrep at $rg_bin: has @vscode/ripgrep's version changed (RG_PKG_VERSION)?"
  echo "$want" > "$stamp"
  rm -rf "$work"
  trap - EXIT
  echo "== installed in $((SECONDS - started)) s"
fi

echo "== the $TARGET .vsix in code-server, driven by headless Chromium"
cd "$HERE"
DOCFACT_VSIX="$VSIX" exec timeout 1200 node --test --test-reporter=spec e2e.test.mjs
