#!/usr/bin/env bash
# Builds, tests and packages the VS Code extension from a clean install. Fails on any error.
# The integration tests need a Python with docfact installed: $DOCFACT_TEST_PYTHON or python3.
# Packaging downloads the wheels of every platform from PyPI; the package test then unpacks the
# linux-x64 .vsix and runs its bundled server with a bare venv of that Python. On Linux, the
# end-to-end test installs that .vsix into code-server and uses it through headless Chromium
# (test/e2e-codeserver/run.sh: it needs ripgrep, libkrb5-dev and chromium from apt).
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci
npm run compile
npm test
npm run package
npm run test:package
ls -l vsix/
if [ "$(uname -s)" = Linux ]; then
  ./test/e2e-codeserver/run.sh
fi
