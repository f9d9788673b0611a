// Starts the real Python server through the extension's launch code and talks LSP to it over
// stdio, the way VS Code would: initialize, initialized, didOpen, didSave, publishDiagnostics.
//
// Python: $DOCFACT_TEST_PYTHON (a path) if set, else the default the extension falls back to.
// Skipped, with the reason, when that Python cannot import docfact.lsp.server.
import assert from "node:assert/strict";
import { ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import {
    ConfigurationParams,
    Diagnostic,
    DidOpenTextDocumentNotification,
    DidSaveTextDocumentNotification,
    ExecuteCommandRequest,
    ExitNotification,
    InitializedNotification,
    InitializeRequest,
    InitializeResult,
    LogMessageParams,
    PublishDiagnosticsParams,
    ShutdownRequest,
} from "vscode-languageserver-protocol/node";
import { resolveInterpreter, serverProcess } from "../../src/interpreter";
import { answerSection, applyTrust, serverSettings } from "../../src/settings";
import { defaultsGetter, ROOT } from "../helpers/pkg";

const TIMEOUT_MS = 90_000;

async function interpreter(): Promise<string[]> {
    const r = await resolveInterpreter({
        setting: process.env.DOCFACT_TEST_PYTHON,
        platform: process.platform,
        vars: { env: process.env },
        trusted: true,
        workspaceFolders: [],
    });
    return r.command;
}

function skipReason(python: string[]): string | false {
    const r = spawnSync(python[0], [...python.slice(1), "-c", "import docfact.lsp.server"], { encoding: "utf8" });
    if (r.status === 0) {
        return false;
    }
    const why = (r.error?.message ?? r.stderr ?? "").trim().split("\n").pop();
    return `${python.join(" ")} cannot import docfact.lsp.server (${why}); install the server (pip install -e .) or set DOCFACT_TEST_PYTHON`;
}

describe("the real docfact server over stdio", async () => {
    const python = await interpreter();
    const skip = skipReason(python);

    let child: ChildProcess;
    let conn: MessageConnection;
    let workspace: string;
    let init: InitializeResult;
    const logs: LogMessageParams[] = [];
    const shown: LogMessageParams[] = [];
    const stderr: string[] = [];
    const diagnostics: PublishDiagnosticsParams[] = [];
    const waiters: Array<() => void> = [];
    // What VS Code with default settings sends, through the same code as the extension.
    const settings = { ...applyTrust(serverSettings(defaultsGetter()), true), preview: true }; // C1.unknown-param is a preview rule

    before(async () => {
        if (skip) {
            return;
        }
        workspace = mkdtempSync(join(tmpdir(), "docfact-vscode-"));
        cpSync(resolve(ROOT, "test", "fixtures"), workspace, { recursive: true });
        // The same process description the extension hands to vscode-languageclient.
        const launch = serverProcess(python, { kind: "environment" }, workspace, process.env);
        child = spawn(launch.command, launch.args, { ...launch.options, stdio: "pipe" });
        child.stderr!.on("data", (d) => stderr.push(String(d)));
        conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
        conn.onRequest("workspace/configuration", (p: ConfigurationParams) =>
            p.items.map((item) => answerSection(item.section, settings).value ?? null),
        );
        conn.onRequest("client/registerCapability", () => null);
        conn.onRequest("client/unregisterCapability", () => null);
        conn.onRequest("window/workDoneProgress/create", () => null);
        conn.onRequest("workspace/applyEdit", () => ({ applied: false }));
        conn.onRequest("window/showMessageRequest", () => null);
        conn.onNotification("window/logMessage", (p: LogMessageParams) => logs.push(p));
        conn.onNotification("window/showMessage", (p: LogMessageParams) => shown.push(p));
        conn.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => {
            diagnostics.push(p);
            waiters.splice(0).forEach((w) => w());
        });
        conn.listen();
        const rootUri = pathToFileURL(workspace).toString();
        const exited = new Promise<never>((_, reject) =>
            child.once("exit", (code) =>
                reject(new Error(`the server exited (code ${code}) during initialize; stderr:\n${stderr.join("").slice(-3000)}`)),
            ),
        );
        const initialize = conn.sendRequest(InitializeRequest.type, {
            processId: process.pid,
            clientInfo: { name: "docfact-vscode-test" },
            rootUri,
            workspaceFolders: [{ uri: rootUri, name: "fixtures" }],
            initializationOptions: settings,
            capabilities: {
                workspace: { configuration: true, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: true } },
                textDocument: {
                    synchronization: { didSave: true, dynamicRegistration: true },
                    publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true, dataSupport: true },
                    hover: { contentFormat: ["markdown", "plaintext"] },
                    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ["quickfix"] } } },
                },
                window: { workDoneProgress: true },
            },
        });
        init = await Promise.race([initialize, exited]);
        await conn.sendNotification(InitializedNotification.type, {});
    });

    after(async () => {
        if (skip || !conn) {
            return;
        }
        try {
            await Promise.race([conn.sendRequest(ShutdownRequest.type), new Promise((r) => setTimeout(r, 5000))]);
            await conn.sendNotification(ExitNotification.type);
        } catch {
            // the process may already be gone
        }
        await new Promise<void>((r) => {
            const t = setTimeout(() => (child.kill(), r()), 5000);
            child.once("exit", () => (clearTimeout(t), r()));
        });
        conn.dispose();
        rmSync(workspace, { recursive: true, force: true });
    });

    function docfactDiagnostics(uri: string): Diagnostic[] {
        return diagnostics.filter((p) => p.uri === uri).flatMap((p) => p.diagnostics).filter((d) => d.source === "docfact");
    }

    async function waitForDiagnostics(uri: string): Promise<Diagnostic[]> {
        const deadline = Date.now() + TIMEOUT_MS;
        while (docfactDiagnostics(uri).length === 0) {
            if (Date.now() > deadline) {
                throw new Error(
                    `no docfact diagnostics for ${uri} within ${TIMEOUT_MS / 1000}s; got ${JSON.stringify(diagnostics)}\n` +
                        `server stderr:\n${stderr.join("").slice(-3000)}`,
                );
            }
            await new Promise<void>((r) => {
                waiters.push(r);
                setTimeout(r, 1000);
            });
        }
        return docfactDiagnostics(uri);
    }

    it("announces the commands the extension's palette calls", { skip }, () => {
        const commands = init.capabilities.executeCommandProvider?.commands ?? [];
        for (const c of ["docfact.checkDocument", "docfact.checkWorkspace", "docfact.regenerateDocstring", "docfact.showScore"]) {
            assert.ok(commands.includes(c), `${c} not in ${JSON.stringify(commands)}`);
        }
    });

    it("reports the planted inconsistency after didOpen and didSave", { skip, timeout: TIMEOUT_MS + 10_000 }, async () => {
        const file = join(workspace, "sample.py");
        const uri = pathToFileURL(file).toString();
        const text = readFileSync(file, "utf8");
        await conn.sendNotification(DidOpenTextDocumentNotification.type, {
            textDocument: { uri, languageId: "python", version: 1, text },
        });
        await conn.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri }, text });
        const found = await waitForDiagnostics(uri);
        // The `Args:` item documents `path`; the parameter is `filename` (line 10, 0-based 9).
        const flagged = found.find((d) => d.range.start.line === 9);
        assert.ok(flagged, `expected a diagnostic on the "path:" line, got ${JSON.stringify(found)}`);
        // its code is the rule id, linked to the rule's entry in docs/rules.md; the criterion is in data
        assert.equal(flagged.code, "C1.unknown-param");
        assert.equal(flagged.codeDescription?.href, "https://github.com/docfact/docfact/blob/main/docs/rules.md#c1unknown-param");
        assert.deepEqual([flagged.data?.criterion, flagged.data?.rule], ["C1", "C1.unknown-param"]);
    });

    it("answers docfact.showScore for the file", { skip }, async () => {
        const uri = pathToFileURL(join(workspace, "sample.py")).toString();
        const r = (await conn.sendRequest(ExecuteCommandRequest.type, { command: "docfact.showScore", arguments: [uri] })) as {
            file: number | null;
            project: number | null;
            docstrings: number;
        };
        assert.equal(typeof r.docstrings, "number");
        assert.ok(r.file === null || (r.file >= 0 && r.file < 1), `file score ${r.file} should be below 1: one sentence is wrong`);
    });

    it("accepts the settings the extension sends without complaint", { skip }, () => {
        const complaints = [...logs, ...shown].filter((m) => /unknown setting|using the default|ignored/i.test(m.message));
        assert.deepEqual(complaints, []);
    });
});
