#!/usr/bin/env bash
# Builds, tests and packages the VS Code extension from a clean install. Fails on any error.
# The integration test needs a Python with docfact installed: $DOCFACT_TEST_PYTHON or python3.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci
npm run compile
npm test
npm run package
ls -l docfact.vsix
