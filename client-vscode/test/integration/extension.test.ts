// Activates the extension itself (src/extension.ts, with vscode-languageclient) against a
// stand-in `vscode` module, so that the wiring — interpreter, install check, server start,
// settings, commands, status bar — runs in Node as it would in VS Code.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { installFakeVscode, Uri } from "../helpers/fakeVscode";
import { ROOT } from "../helpers/pkg";

const python = process.env.DOCFACT_TEST_PYTHON || (process.platform === "win32" ? "python" : "python3");

async function until(what: string, cond: () => boolean, ms = 90_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!cond()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 100));
    }
}

function workspace(): string {
    const dir = mkdtempSync(join(tmpdir(), "docfact-ext-"));
    cpSync(resolve(ROOT, "test", "fixtures"), dir, { recursive: true });
    return dir;
}

function loadExtension(): typeof import("../../src/extension") {
    // Fresh copies of the extension and the client library for each fake `vscode`.
    for (const k of Object.keys(require.cache)) {
        if (k.includes(`${join("out", "src")}`) || k.includes("vscode-languageclient")) delete require.cache[k];
    }
    return require("../../src/extension");
}

const context = () => ({ subscriptions: [] as Array<{ dispose(): unknown }>, extensionPath: ROOT }) as any;

describe("extension activation (stand-in vscode)", () => {
    const dirs: string[] = [];
    after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

    it("explains how to install docfact when the interpreter lacks it", async () => {
        const dir = workspace();
        dirs.push(dir);
        // `-S -E` skip site-packages and PYTHONPATH, so docfact cannot be imported: the "not installed" path.
        const fake = installFakeVscode({ folder: dir, settings: { "docfact.interpreter": [python, "-S", "-E"], "docfact.importStrategy": "fromEnvironment" } });
        try {
            const ext = loadExtension();
            const ctx = context();
            await ext.activate(ctx);
            const warning = fake.messages.find((m) => m.kind === "warning");
            assert.ok(warning, `no warning in ${JSON.stringify(fake.messages)}`);
            assert.match(warning.message, /docfact is not installed in the Python interpreter/);
            assert.match(warning.message, /-S -E -m pip install "<path to a docfact clone or wheel>"/);
            assert.match(warning.message, /not published on PyPI/);
            assert.deepEqual(warning.actions.slice(0, 2), ["Use Bundled Server", "Copy Install Command"]);
            assert.ok(fake.statusItems.some((s) => s.visible && /warning/.test(s.text)), "status bar warns");
            await ext.deactivate();
            ctx.subscriptions.forEach((d: { dispose(): unknown }) => d.dispose());
        } finally {
            fake.uninstall();
        }
    });

    it("links to python.org when the interpreter does not exist", async () => {
        const dir = workspace();
        dirs.push(dir);
        const missing = join(dir, "no-such-python");
        // Default importStrategy: the bundled server (or, in a checkout without the bundle, the
        // interpreter's docfact); either way the interpreter has to exist first.
        const fake = installFakeVscode({ folder: dir, settings: { "docfact.interpreter": missing } });
        try {
            const ext = loadExtension();
            const ctx = context();
            await ext.activate(ctx);
            const warning = fake.messages.find((m) => m.kind === "warning");
            assert.ok(warning, `no warning in ${JSON.stringify(fake.messages)}`);
            assert.match(warning.message, /docfact needs Python 3\.11 or newer/);
            assert.ok(warning.message.includes(`"${missing}" was not found`), warning.message);
            assert.ok(warning.message.includes("https://www.python.org/downloads/"), warning.message);
            assert.equal(warning.actions[0], "Download Python");
            await ext.deactivate();
            ctx.subscriptions.forEach((d: { dispose(): unknown }) => d.dispose());
        } finally {
            fake.uninstall();
        }
    });

    const server = spawnSync(python, ["-c", "import docfact.lsp.server"], { encoding: "utf8" });
    const skip = server.status === 0 ? false : `${python} cannot import docfact.lsp.server: the server is not installed (or not written yet)`;

    it("starts the real server, publishes diagnostics and shows the score", { skip, timeout: 120_000 }, async () => {
        const dir = workspace();
        dirs.push(dir);
        const fake = installFakeVscode({ folder: dir, settings: { "docfact.interpreter": python, "docfact.importStrategy": "fromEnvironment", "docfact.preview": true } });
        const ext = loadExtension();
        const ctx = context();
        try {
            await ext.activate(ctx);
            assert.deepEqual(fake.messages.filter((m) => m.kind !== "info"), [], "no warnings or errors on start");
            for (const c of ["docfact.checkDocument", "docfact.checkWorkspace", "docfact.regenerateDocstring", "docfact.showScore", "docfact.restart"]) {
                assert.ok(fake.commands.has(c), `${c} registered`);
            }
            const file = join(dir, "sample.py");
            const td = fake.open({ uri: Uri.file(file), languageId: "python", version: 1, text: readFileSync(file, "utf8") });
            fake.save(td);
            const key = Uri.file(file).toString();
            await until("diagnostics", () => (fake.diagnostics.get(key) ?? []).some((d) => d.source === "docfact"));
            const found = fake.diagnostics.get(key)!.filter((d) => d.source === "docfact");
            // The Problems view shows the rule id as the code, a link to its entry in docs/rules.md.
            const flagged = found.find((d) => d.range.start.line === 9);
            assert.ok(flagged, JSON.stringify(found));
            const shown = (flagged.code ?? {}) as { value?: unknown; target?: unknown };
            assert.equal(shown.value, "C1.unknown-param", JSON.stringify(flagged));
            assert.equal(String(shown.target), "https://github.com/docfact/docfact/blob/main/docs/rules.md#c1unknown-param");

            await fake.commands.get("docfact.checkDocument")!();
            assert.ok(
                fake.messages.some((m) => m.kind === "info" && /docfact: [1-9]\d* findings? in this file/.test(m.message)),
                `checkDocument summary: ${JSON.stringify(fake.messages)}`,
            );

            await fake.commands.get("docfact.showScore")!();
            const info = fake.messages.find((m) => m.kind === "info" && /Documentation score/.test(m.message));
            assert.ok(info, JSON.stringify(fake.messages));
            await until("status bar score", () => fake.statusItems.some((s) => s.visible && /%|—/.test(s.text)), 10_000);

            // docfact: Restart stops the running server: its exit (code 0) is logged once, as
            // info; nothing in the session is logged as an error.
            await fake.commands.get("docfact.restart")!();
            await until("the stopped server's exit in the log", () => fake.logLines.some((l) => /exited with code/.test(l)), 30_000);
            assert.deepEqual(fake.logLines.filter((l) => /exited with code/.test(l)), ["[info] Server process exited with code 0."]);
            assert.deepEqual(fake.logLines.filter((l) => /^\[error\]|\[Error\s*-/.test(l)), [], "errors in the docfact log");
        } finally {
            await ext.deactivate();
            ctx.subscriptions.forEach((d: { dispose(): unknown }) => d.dispose());
            fake.uninstall();
        }
    });
});
