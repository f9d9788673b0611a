// The packaged extension in a real VS Code (code-server), used through headless Chromium as a user
// would: the example workspace of the README's quick start (a copy of examples/), opened in
// Restricted Mode with workspace settings (.vscode/settings.json and pyproject.toml) that ask for
// the LLM judge against a local fake endpoint. Checks what is on screen: the Problems view lists the findings the CLI reports, a
// hover explains one, its quick fix changes the document, "docfact: Check Documentation:
// Workspace" runs from the palette, no request reaches the endpoint until the folder is trusted
// (then the same setting is honoured), and the output channel logs each line once, with no error
// on a normal restart.
//
//   DOCFACT_VSIX=vsix/docfact-linux-x64.vsix node --test test/e2e-codeserver/e2e.test.mjs
//   (run.sh installs code-server and puppeteer-core first)
//
// On failure: screenshots, the page's text, code-server's log and the extension's output channel
// are kept in a temp folder whose path is printed.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import puppeteer from "puppeteer-core";
import { codeServerDirs, HERE, installExtension, sleep, startCodeServer, startFakeLlm, until } from "./harness.mjs";
import { Workbench } from "./workbench.mjs";

const REPO = resolve(HERE, "..", "..", "..");
const VSIX = resolve(process.env.DOCFACT_VSIX || join(REPO, "client-vscode", "vsix", "docfact-linux-x64.vsix"));
const CHROMIUM = process.env.CHROMIUM || ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const PYTHON = process.env.DOCFACT_TEST_PYTHON || "python3";
const STEP = { timeout: 150_000 };

const root = mkdtempSync(join(tmpdir(), "docfact-e2e-codeserver-"));
const artifacts = join(root, "artifacts");
const workspace = join(root, "examples");
const storePy = join(workspace, "inventory", "store.py");
let fake, server, browser, page, wb, extensionDir;
let expected = []; // the CLI's findings on the same files, from the docfact inside the .vsix
let failed = false;
let shot = 0;

/** Saves a screenshot and the page's text; returns the screenshot's path. */
async function capture(label) {
    if (!page) return undefined;
    mkdirSync(artifacts, { recursive: true });
    const base = join(artifacts, `${String(++shot).padStart(2, "0")}-${label.replace(/[^\w-]+/g, "_").slice(0, 60)}`);
    await page.screenshot({ path: `${base}.png` }).catch(() => undefined);
    const text = await page.evaluate(() => document.body.innerText).catch(() => "");
    writeFileSync(`${base}.txt`, text);
    return `${base}.png`;
}

/** The extension's output channel as VS Code writes it to disk (the "docfact" channel's lines). */
function outputChannel() {
    const logs = join(root, "user-data", "logs");
    const found = [];
    const walk = (dir) => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
            const p = join(dir, e.name);
            if (e.isDirectory()) walk(p);
            else if (e.name === "docfact.log" && p.includes("docfact.docfact")) found.push(p);
        }
    };
    if (existsSync(logs)) walk(logs);
    return found.map((p) => readFileSync(p, "utf8")).join("");
}

/** Wraps a step: a failure is recorded with a screenshot; later steps are skipped. */
function step(name, fn) {
    it(name, STEP, async (t) => {
        if (failed) {
            t.skip("an earlier step failed");
            return;
        }
        try {
            await fn();
        } catch (err) {
            failed = true;
            const png = await capture(`FAILED ${name}`);
            err.message += `\n  screenshot: ${png}`;
            throw err;
        }
    });
}

/** Problems rows that are findings (not the file rows), as text. */
async function problemRows() {
    return (await wb.problems()).filter((r) => /docfact/.test(r));
}

/** `docfact check PATH --format json` of the docfact inside the installed .vsix, in the workspace. */
function checkCli(path) {
    const cli = spawnSync(PYTHON, ["-P", join(extensionDir, "bundled", "launch.py"), "check", path, "--format", "json", "--no-cache"],
        { cwd: workspace, encoding: "utf8", timeout: 120_000 });
    assert.ok(cli.status === 0 || cli.status === 1, `docfact check failed (${cli.status ?? cli.error}): ${cli.stderr}`);
    return JSON.parse(cli.stdout);
}

/**
 * Lines of a log whose message is shown again within the same second (e.g. once from
 * window/logMessage and once from stderr), whatever prefixes each copy carries.
 */
function repeatedLines(log) {
    const entries = log.split("\n").filter(Boolean).map((line) => {
        const m = line.match(/^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\.\d+ \[\w+\] (.*)$/);
        const text = m ? m[2] : line;
        // the client library's "[Info  - 6:56:28 AM] " and Python logging's "... INFO name: " prefixes
        const message = text.replace(/^\[\w+\s*- [^\]]+\] /, "").replace(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ [A-Z]+ [\w.]+: /, "");
        return { second: m ? m[1] : "", message, line };
    });
    return entries.filter((e, i) => e.message.length > 10 &&
        entries.some((o, j) => j !== i && o.second === e.second && (o.message.includes(e.message) || e.message.includes(o.message)) && j < i))
        .map((e) => e.line);
}

/** The diagnostic code of a CLI finding: its rule id; a model's finding (rule "C1.llm", no rule of
 * the registry) has its criterion. */
function codeOf(f) {
    return f.judge === "static" ? f.rule : f.criterion;
}

function rowFor(rows, f) {
    return rows.find((r) => r.includes(f.message.slice(0, 60)) && r.includes(`${f.line}`));
}

describe("docfact in code-server (headless Chromium)", { timeout: 900_000 }, () => {
    before(async () => {
        try {
            await setUp();
        } catch (err) {
            failed = true; // keep what there is to look at (after)
            const png = await capture("FAILED set-up");
            if (png) err.message += `\n  screenshot: ${png}`;
            throw err;
        }
    });

    async function setUp() {
        assert.ok(existsSync(VSIX), `${VSIX} is missing: build it with \`npm run package -- linux-x64\``);
        assert.ok(CHROMIUM, "Chromium is missing (Debian: apt-get install chromium; or set CHROMIUM)");
        console.log(`# artifacts (kept on failure): ${artifacts}`);
        cpSync(join(REPO, "examples"), workspace, { recursive: true });
        fake = await startFakeLlm();
        // The workspace asks for the LLM judge against the fake endpoint, in its VS Code settings
        // (VS Code drops restricted settings in Restricted Mode) and in its pyproject.toml (the
        // extension tells the server whether the folder is trusted): nothing may be sent until
        // the user trusts the folder.
        mkdirSync(join(workspace, ".vscode"));
        writeFileSync(join(workspace, ".vscode", "settings.json"), JSON.stringify({
            "docfact.llm.enabled": true, "docfact.llm.baseUrl": fake.baseUrl, "docfact.llm.apiKeyEnv": "", "docfact.llm.model": "fake-model",
        }, null, 2));
        writeFileSync(join(workspace, "pyproject.toml"),
            `[tool.docfact]\npreview = true\n\n[tool.docfact.llm]\nenabled = true\nbase_url = "${fake.baseUrl}"\napi_key_env = ""\nmodel = "fake-model"\n`);  // preview: as examples/pyproject.toml
        const dirs = codeServerDirs(root, {
            "security.workspace.trust.enabled": true,
            "security.workspace.trust.startupPrompt": "never", // open untrusted, in Restricted Mode, without a modal
            "workbench.startupEditor": "none",
            "workbench.tips.enabled": false,
            "workbench.enableExperiments": false,
            "telemetry.telemetryLevel": "off",
            "extensions.ignoreRecommendations": true,
            "extensions.autoCheckUpdates": false,
            "update.mode": "none",
            "files.autoSave": "off",
            "editor.hover.delay": 100000, // only the keyboard opens hovers: the mouse must not get in the way
            ...(process.env.DOCFACT_TEST_PYTHON ? { "docfact.interpreter": process.env.DOCFACT_TEST_PYTHON } : {}),
        });
        extensionDir = installExtension(VSIX, dirs);

        // What the same docfact says on the command line: the findings the editor must show.
        expected = checkCli("inventory").findings.filter((f) => f.path.endsWith("store.py"));

        server = await startCodeServer({ ...dirs }, { ...process.env, DOCFACT_LOG_LEVEL: "INFO" });
        browser = await puppeteer.launch({
            executablePath: CHROMIUM,
            headless: true,
            args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1600,1000"],
            defaultViewport: { width: 1600, height: 1000 },
            protocolTimeout: 60_000,
        });
        page = await browser.newPage();
        await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`, { waitUntil: "domcontentloaded", timeout: 60_000 });
        wb = new Workbench(page);
        await wb.waitReady();
    }

    after(async () => {
        if (failed) {
            mkdirSync(artifacts, { recursive: true });
            if (server) writeFileSync(join(artifacts, "code-server.log"), server.log());
            writeFileSync(join(artifacts, "docfact-output-channel.log"), outputChannel());
            console.log(`# FAILED: screenshots, page text, code-server.log and docfact-output-channel.log in ${artifacts}`);
        }
        await browser?.close().catch(() => undefined);
        await server?.stop();
        await fake?.close();
        if (!failed && !process.env.DOCFACT_E2E_KEEP) rmSync(root, { recursive: true, force: true });
    });

    step("the example folder opens in Restricted Mode", async () => {
        await until("the Restricted Mode indicator", async () => (await wb.statusBar()).some((t) => /Restricted Mode/.test(t)), 30_000);
    });

    step("the Problems view lists the findings planted in store.py", async () => {
        assert.ok(expected.length >= 4, `the CLI found only ${expected.length} findings in store.py`);
        for (const rule of ["C1.unknown-param", "C3.not-async"]) {
            assert.ok(expected.some((f) => f.rule === rule), `the CLI no longer reports the README's ${rule}`);
        }
        await wb.openFile("store.py", "inventory");
        const rows = await until("every finding in the Problems view", async () => {
            const r = await problemRows();
            return expected.every((f) => rowFor(r, f)) ? r : null;
        }, 90_000);
        for (const f of expected) {
            // The row shows the message, the source, the rule id (the diagnostic's code) and the position.
            const code = codeOf(f).replace(/\./g, "\\.");
            assert.match(rowFor(rows, f), new RegExp(`docfact\\(?${code}\\)?.*Ln ${f.line}, Col ${f.column}`), f.message);
        }
        assert.equal(rows.length, expected.length, `the Problems view has other findings than the CLI:\n${rows.join("\n")}`);
    });

    step("a hover on a flagged sentence explains it", async () => {
        const f = expected.find((x) => x.rule === "C1.unknown-param");
        await wb.gotoLine(f.line, f.column);
        const text = await wb.hoverAtCursor((t) => /Docstring score/.test(t), "docfact's hover");
        for (const part of ["docfact C1: name inconsistency", "Why:", f.message.replace(/`/g, ""), "Evidence:", "Judged by:", f.rule, "Quick fix:"]) {
            assert.ok(text.replace(/`/g, "").includes(part), `the hover lacks "${part}": ${text}`);
        }
        await wb.chord("Escape");
    });

    step("its quick fix rewrites the sentence, and once saved the finding is gone", async () => {
        const f = expected.find((x) => x.rule === "C1.unknown-param");
        const before = readFileSync(storePy, "utf8").split("\n");
        assert.match(before[f.line - 1], /^\s+amount \(int\): /);
        await wb.gotoLine(f.line, f.column);
        const fixes = await wb.quickFixes();
        assert.ok(fixes.some((l) => l.startsWith("Rename `amount` to `count`")), `quick fixes offered: ${fixes}`);
        await wb.applyQuickFix((l) => l.startsWith("Rename `amount` to `count`"));
        const fixed = before[f.line - 1].replace("amount (int)", "count (int)");
        await until("the fixed line in the editor", async () => (await wb.editorLines()).includes(fixed), 15_000);
        await wb.chord("Control+KeyS");
        const after = await until("store.py saved", () => {
            const text = readFileSync(storePy, "utf8");
            return text.includes(fixed) ? text.split("\n") : null;
        }, 15_000);
        assert.deepEqual(after, before.map((l, i) => (i === f.line - 1 ? fixed : l)), "only the flagged sentence changed");
        // The diagnostics follow the saved text: the finding is gone, and the view shows what the
        // CLI says of the saved file (naming the parameter right can reveal what else its sentence gets wrong).
        const now = checkCli("inventory").findings.filter((x) => x.path.endsWith("store.py"));
        assert.ok(!now.some((x) => x.rule === f.rule && x.line === f.line), "the CLI still reports the fixed finding");
        await until("the Problems view of the saved file", async () => {
            const rows = await problemRows();
            return !rowFor(rows, f) && now.every((x) => rowFor(rows, x)) && rows.length === now.length;
        }, 60_000);
    });

    step("docfact: Check Documentation: Workspace runs from the command palette", async () => {
        await wb.runCommand("docfact: Check Documentation: Workspace");
        const message = await until("the Check Workspace result", async () =>
            (await wb.notifications()).find((t) => /docfact: checked \d+ files?, \d+ findings?/.test(t)), 90_000);
        const [, files, findings] = message.match(/checked (\d+) files?, (\d+) findings?/).map(Number);
        const cli = checkCli(".");
        assert.equal(files, cli.files, `${message} (the CLI checked ${cli.files} files)`);
        assert.equal(findings, cli.findings.length, `${message} (the CLI found ${cli.findings.length})`);
        // The findings of files that were never opened are in the Problems view too.
        const others = cli.findings.filter((x) => !x.path.endsWith("store.py"));
        assert.ok(others.length > 0, "the example workspace has findings outside store.py");
        await until("the other files' findings in the Problems view", async () => {
            const rows = await problemRows();
            return others.every((x) => rowFor(rows, x));
        }, 60_000);
    });

    step("in Restricted Mode the workspace's LLM setting is not honoured: nothing was sent", async () => {
        // The file was saved and the workspace checked: with the LLM judge on, both send requests.
        await sleep(3000);
        assert.equal(fake.requests.length, 0, `the LLM endpoint got ${fake.requests.length} request(s) from an untrusted workspace`);
        // The user is told that the repository's LLM settings were ignored, and why.
        const all = await wb.allNotifications();
        assert.ok(all.some((t) => /pyproject\.toml sets llm\.enabled.*; ignored/.test(t)), `no notification about the ignored pyproject.toml settings: ${JSON.stringify(all)}`);
        assert.match(outputChannel(), /\[warning\] docfact: \S*pyproject\.toml sets llm\.enabled/);
    });

    step("once the folder is trusted, the same workspace setting does turn the LLM judge on", async () => {
        await wb.runCommand("Workspaces: Manage Workspace Trust");
        const button = await until("the Trust button", async () => {
            for (const b of await page.$$(".workspace-trust-editor .monaco-button")) {
                const label = await b.evaluate((e) => e.textContent.trim());
                if (/^Trust( Folder)?$/.test(label)) return b;
            }
            return null;
        }, 30_000);
        await button.click();
        await until("Restricted Mode to end", async () => !(await wb.statusBar()).some((t) => /Restricted Mode/.test(t)), 30_000);
        // The extension restarts the server for the trusted folder; once it has judged the open file, ask again.
        await until("the server restarted for the trusted workspace", () =>
            /\(Re\)starting the server: workspace trusted[^]*docfact: checked store\.py/.test(outputChannel()), 60_000);
        await wb.openFile("store.py", "inventory");
        await wb.runCommand("docfact: Check Documentation: Current File");
        await until("a request at the LLM endpoint", () => fake.requests.length > 0, 90_000);
        assert.match(fake.requests[0].url, /\/chat\/completions$/);
        assert.match(fake.requests[0].body, /fake-model/);
    });

    step("the output channel shows each line once and no error for a normal restart", async () => {
        const log = outputChannel();
        assert.match(log, /\(Re\)starting the server: workspace trusted/);
        // A normal session (start, checks, a fix, the LLM judge answering, a restart) has nothing
        // to warn about but the repository settings ignored in Restricted Mode.
        const alarms = log.split("\n").filter((l) => /\[(error|warning)\]|\[(Error|Warn)\s*-/.test(l) && !/pyproject\.toml sets llm\./.test(l));
        assert.deepEqual(alarms, [], "errors or warnings in the docfact output channel");
        assert.deepEqual(repeatedLines(log), [], "lines shown twice in the docfact output channel");
    });
});
