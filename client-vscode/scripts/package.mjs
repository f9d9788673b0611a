// Builds the platform .vsix files, each with docfact and its Python dependencies for that
// platform in bundled/libs (scripts/bundle_server.py): vsix/docfact-<target>.vsix.
//
//   node scripts/package.mjs                  every target
//   node scripts/package.mjs linux-x64 ...    only these
//
// Python: $PYTHON or python3 (python on Windows), with pip; it downloads wheels from the index.
import { spawnSync } from "child_process";
import { mkdtempSync, mkdirSync, readdirSync, rmSync, statSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";

export const TARGETS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64"];

const python = process.env.PYTHON || (process.platform === "win32" ? "python" : "python3");
const wanted = process.argv.slice(2);
const unknown = wanted.filter((t) => !TARGETS.includes(t));
if (unknown.length) {
    console.error(`unknown target(s) ${unknown.join(", ")}; known: ${TARGETS.join(", ")}`);
    process.exit(2);
}
const targets = wanted.length ? wanted : TARGETS;

function run(command, args) {
    const r = spawnSync(command, args, { stdio: "inherit", shell: process.platform === "win32" });
    if (r.status !== 0) {
        console.error(`failed (${r.status ?? r.error}): ${command} ${args.join(" ")}`);
        process.exit(1);
    }
}

const started = Date.now();
run("npm", ["run", "compile"]);
const tmp = mkdtempSync(join(tmpdir(), "docfact-wheel-"));
try {
    // docfact's own wheel, built once from the repository and bundled into every target.
    run(python, ["-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps", "-w", tmp, ".."]);
    const wheel = join(tmp, readdirSync(tmp).find((f) => f.startsWith("docfact-") && f.endsWith(".whl")));
    mkdirSync("vsix", { recursive: true });
    for (const target of targets) {
        console.log(`== ${target}`);
        run(python, ["scripts/bundle_server.py", target, "--wheel", wheel]);
        const out = join("vsix", `docfact-${target}.vsix`);
        // vscode:prepublish is the esbuild bundle only; the type check ran above.
        run("npx", ["vsce", "package", "--no-dependencies", "--allow-missing-repository", "--target", target, "--out", out]);
        console.log(`${out}: ${(statSync(out).size / 1e6).toFixed(1)} MB`);
    }
} finally {
    rmSync(tmp, { recursive: true, force: true });
    // A development checkout runs the interpreter's docfact; leave no bundle behind.
    rmSync(join("bundled", "libs"), { recursive: true, force: true });
}
console.log(`${targets.length} .vsix in ${((Date.now() - started) / 1000).toFixed(0)}s`);
