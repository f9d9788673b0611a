import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifyLine, ClientOutput, Level, LogSink } from "../../src/output";

/** A log channel that records `[level] message` per call, as the docfact channel shows them. */
function recorder(): { sink: LogSink; lines: string[] } {
    const lines: string[] = [];
    const at = (level: Level) => (message: string) => void lines.push(`[${level}] ${message}`);
    const sink = {
        name: "docfact",
        trace: at("trace"),
        debug: at("debug"),
        info: at("info"),
        warn: at("warn"),
        error: at("error"),
        clear: () => void (lines.length = 0),
        show: () => undefined,
        hide: () => undefined,
    } as unknown as LogSink;
    return { sink, lines };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("the client library's output, re-levelled", () => {
    it("logs a normal restart's exit (code 0) as info, a crash's as an error", () => {
        assert.deepEqual(classifyLine("[Error - 7:02:52 AM] Server process exited with code 0.", "info"),
            { level: "info", message: "Server process exited with code 0." });
        assert.deepEqual(classifyLine("[Error - 7:02:52 AM] Server process exited with code 1.", "info"),
            { level: "error", message: "Server process exited with code 1." });
        assert.equal(classifyLine("[Error - 7:02:52 AM] Server process exited with signal SIGKILL.", "info")?.level, "error");
    });

    it("drops the library's own time and level, which the log channel shows already", () => {
        assert.deepEqual(classifyLine("[Info  - 7:02:38 AM] docfact: checked store.py: 7 docs", "error"),
            { level: "info", message: "docfact: checked store.py: 7 docs" });
        assert.deepEqual(classifyLine("[Warn  - 19:02:55] docfact: the LLM judge is unavailable", "info"),
            { level: "warn", message: "docfact: the LLM judge is unavailable" });
        assert.equal(classifyLine("[Trace - 7:02:38 AM] Sending request", "info")?.level, "trace");
    });

    it("reads the level of the server's Python log lines on stderr; other lines keep the level before them", () => {
        assert.equal(classifyLine("2026-11-28 07:02:52,284 ERROR docfact.lsp.server: boom", "info")?.level, "error");
        assert.equal(classifyLine("2026-11-28 07:02:52,284 WARNING pygls: slow", "info")?.level, "warn");
        assert.deepEqual(classifyLine("  File \"x.py\", line 3", "error"), { level: "error", message: "  File \"x.py\", line 3" });
        assert.equal(classifyLine("   \r", "info"), undefined);
    });

    it("writes each line once, whole, at its level", async () => {
        const { sink, lines } = recorder();
        const out = new ClientOutput(sink);
        assert.equal(out.name, "docfact");
        out.appendLine("[Info  - 7:02:38 AM] docfact: indexed 4 files");
        out.append("Cancel notification for unk");
        assert.deepEqual(lines, ["[info] docfact: indexed 4 files"], "a partial line waits for its end");
        out.append("nown message id \"8\"\n\n");
        out.appendLine("[Error - 7:02:52 AM] Server process exited with code 0.");
        assert.deepEqual(lines, [
            "[info] docfact: indexed 4 files",
            "[info] Cancel notification for unknown message id \"8\"",
            "[info] Server process exited with code 0.",
        ]);
        out.append("tail without a line end");
        out.dispose();
        assert.equal(lines.at(-1), "[info] tail without a line end", "dispose flushes");
    });

    it("keeps a message's data lines at its level, then starts again at info", async () => {
        const { sink, lines } = recorder();
        const out = new ClientOutput(sink);
        out.appendLine("[Error - 7:02:52 AM] Request textDocument/hover failed.");
        out.appendLine("  Message: internal error\n  Code: -32603 ");
        await tick();
        out.append("a later line of stderr\n");
        assert.deepEqual(lines, [
            "[error] Request textDocument/hover failed.",
            "[error]   Message: internal error",
            "[error]   Code: -32603",
            "[info] a later line of stderr",
        ]);
    });
});
