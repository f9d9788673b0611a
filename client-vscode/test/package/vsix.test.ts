// The platform .vsix files as a user installs them (built by `npm run package` into vsix/).
//
// linux-x64: unpacked, its own dist/extension.js activated (stand-in `vscode`) with a bare Python
// venv that has no docfact; with the default docfact.importStrategy the extension starts the
// server bundled in the .vsix and diagnostics arrive for the fixture file.
// Every target: the manifest names the platform, and the compiled wheels inside are for it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { installFakeVscode, Uri } from "../helpers/fakeVscode";
import { ROOT } from "../helpers/pkg";

const TARGETS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64"];
const PYTHONS = ["311", "312", "313", "314"];
// The platform part of the wheel tags each target must carry (from the WHEEL files).
const PLATFORM_TAG: Record<string, RegExp> = {
    "linux-x64": /^manylinux.*_x86_64$/,
    "linux-arm64": /^manylinux.*_aarch64$/,
    "darwin-x64": /^macosx_\d+_\d+_(x86_64|intel|universal2)$/,
    "darwin-arm64": /^macosx_\d+_\d+_(arm64|universal2)$/,
    "win32-x64": /^win_amd64$/,
};
const python = process.env.DOCFACT_TEST_PYTHON || (process.platform === "win32" ? "python" : "python3");
const vsix = (target: string) => resolve(ROOT, "vsix", `docfact-${target}.vsix`);

/** Names in the archive, with the text of the manifest and of every WHEEL metadata file. */
function listVsix(file: string): Record<string, string | null> {
    const script =
        "import json, sys, zipfile\n" +
        "z = zipfile.ZipFile(sys.argv[1])\n" +
        "print(json.dumps({n: z.read(n).decode() if n.endswith(('.dist-info/WHEEL', '.vsixmanifest')) else None for n in z.namelist()}))";
    const r = spawnSync(python, ["-c", script, file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
}

function run(command: string, args: string[]): string {
    const r = spawnSync(command, args, { encoding: "utf8", env: { ...process.env, PYTHONPATH: "" } });
    assert.equal(r.status, 0, `${command} ${args.join(" ")}: ${r.stderr || r.error}`);
    return r.stdout;
}

async function until(what: string, cond: () => boolean, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!cond()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 100));
    }
}

describe("platform .vsix files", () => {
    for (const target of TARGETS) {
        it(`${target}: bundles docfact and wheels built for ${target}, for Python 3.11 to 3.14`, () => {
            assert.ok(existsSync(vsix(target)), `${vsix(target)} is missing: run \`npm run package\` first`);
            const files = listVsix(vsix(target));
            const manifest = files["extension.vsixmanifest"] ?? "";
            assert.match(manifest, new RegExp(`TargetPlatform="${target}"`));
            for (const f of ["extension/dist/extension.js", "extension/bundled/launch.py", "extension/bundled/libs/common/docfact/__init__.py"]) {
                assert.ok(f in files, `${f} not in ${target}`);
            }
            assert.ok(!Object.keys(files).some((n) => n.includes("__pycache__")), "no compiled Python caches");
            // Every binary wheel (grammars in common/, tree-sitter's core and regex per version).
            const wheels = Object.entries(files).filter(([n, text]) => n.endsWith(".dist-info/WHEEL") && text);
            const binary = wheels.filter(([, text]) => !/^Root-Is-Purelib: true/m.test(text!));
            const names = binary.map(([n]) => n.split("/").slice(-2).join("/"));
            for (const [name, text] of binary) {
                const tags = [...text!.matchAll(/^Tag: (\S+)/gm)].map((m) => m[1].split("-")[2]);
                assert.ok(tags.length && tags.every((t) => PLATFORM_TAG[target].test(t)), `${name}: tags ${tags} are not for ${target}`);
            }
            for (const grammar of ["tree_sitter_python", "tree_sitter_java", "tree_sitter_typescript", "tree_sitter_javascript"]) {
                assert.ok(names.some((n) => n.startsWith(grammar + "-")), `${grammar} missing in ${target}: ${names}`);
            }
            for (const v of PYTHONS) {
                const core = Object.keys(files).find((n) => n.startsWith(`extension/bundled/libs/cp${v}/tree_sitter-`) && n.endsWith("/WHEEL"));
                assert.ok(core, `tree_sitter for CPython ${v} missing in ${target}`);
                assert.match(files[core]!, new RegExp(`^Tag: cp${v}-cp${v}-`, "m"));
            }
        });
    }

    const here = `${process.platform}-${process.arch}`;
    const skip = here === "linux-x64" ? false : `the linux-x64 .vsix runs on linux-x64 only (this is ${here})`;
    const dirs: string[] = [];
    after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

    it("linux-x64: the extension starts its bundled server with a bare Python and publishes diagnostics", { skip, timeout: 150_000 }, async () => {
        const tmp = mkdtempSync(join(tmpdir(), "docfact-vsix-"));
        dirs.push(tmp);
        run(python, ["-m", "zipfile", "-e", vsix("linux-x64"), join(tmp, "unpacked")]);
        const extensionPath = join(tmp, "unpacked", "extension");
        // A bare interpreter: a venv without pip, without docfact and without site-packages.
        run(python, ["-m", "venv", "--without-pip", join(tmp, "venv")]);
        const bare = join(tmp, "venv", "bin", "python");
        const probe = spawnSync(bare, ["-c", "import docfact"], { encoding: "utf8", env: { ...process.env, PYTHONPATH: "" } });
        assert.notEqual(probe.status, 0, "the bare venv must not import docfact");
        const workspace = join(tmp, "workspace");
        cpSync(resolve(ROOT, "test", "fixtures"), workspace, { recursive: true });

        const savedPath = process.env.PYTHONPATH;
        delete process.env.PYTHONPATH; // the server inherits this process's environment
        const fake = installFakeVscode({ folder: workspace, settings: { "docfact.interpreter": bare, "docfact.preview": true } });
        // The shipped bundle, not the sources: dist/extension.js from the .vsix.
        const ext = require(join(extensionPath, "dist", "extension.js"));
        const ctx = { subscriptions: [] as Array<{ dispose(): unknown }>, extensionPath } as any;
        try {
            await ext.activate(ctx);
            assert.deepEqual(fake.messages.filter((m) => m.kind !== "info"), [], `no warnings or errors; log:\n${fake.logLines.join("\n")}`);
            assert.ok(fake.logLines.some((l) => l.includes(`bundled with the extension (${join(extensionPath, "bundled")})`)), fake.logLines.join("\n"));
            const file = join(workspace, "sample.py");
            const td = fake.open({ uri: Uri.file(file), languageId: "python", version: 1, text: readFileSync(file, "utf8") });
            fake.save(td);
            const key = Uri.file(file).toString();
            await until("diagnostics", () => (fake.diagnostics.get(key) ?? []).some((d) => d.source === "docfact"), 120_000);
            const found = fake.diagnostics.get(key)!.filter((d) => d.source === "docfact");
            // `Args:` documents `path`; the parameter is `filename` (line 10, 0-based 9). The Problems
            // view shows the rule id as the code, a link to the rule's entry in docs/rules.md.
            const flagged = found.find((d) => d.range.start.line === 9);
            assert.ok(flagged, JSON.stringify(found));
            const shown = (flagged.code ?? {}) as { value?: unknown; target?: unknown };
            assert.equal(shown.value, "C1.unknown-param", JSON.stringify(flagged));
            assert.equal(String(shown.target), "https://github.com/docfact/docfact/blob/main/docs/rules.md#c1unknown-param");
        } finally {
            await ext.deactivate();
            ctx.subscriptions.forEach((d: { dispose(): unknown }) => d.dispose());
            fake.uninstall();
            if (savedPath !== undefined) process.env.PYTHONPATH = savedPath;
        }
    });
});
