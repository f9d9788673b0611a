// What vscode-languageclient writes to its output channel, re-levelled for the "docfact" log
// channel. The library prefixes its own lines ("[Error - 7:02:52 AM] Server process exited with
// code 0.") and writes them as plain text; on a log channel, which adds its own time and level,
// that showed every line with two times and two levels, and a normal restart as "[Error]". Here
// each line goes to the channel once, at its own level, without the library's prefix.
// Pure: no `vscode` import (only its types).
import type { LogOutputChannel, OutputChannel, ViewColumn } from "vscode";

export type Level = "trace" | "debug" | "info" | "warn" | "error";

const CLIENT_PREFIX = /^\[(Trace|Debug|Info|Warn|Error)\s*- [^\]]*\] ?(.*)$/s;
const CLIENT_LEVELS: Record<string, Level> = { Trace: "trace", Debug: "debug", Info: "info", Warn: "warn", Error: "error" };
// What the server's Python logging writes to stderr: "2026-11-28 07:02:52,284 ERROR docfact.lsp: ..."
const PYTHON_PREFIX = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ (DEBUG|INFO|WARNING|ERROR|CRITICAL) /;
const PYTHON_LEVELS: Record<string, Level> = { DEBUG: "debug", INFO: "info", WARNING: "warn", ERROR: "error", CRITICAL: "error" };
// The server process ending with code 0 is a normal stop (a restart, a settings change, closing
// the window); a crash has another code or a signal and stays an error.
const NORMAL_EXIT = /^Server process exited with code 0\.?$/;

/**
 * The level and text of one line the client library writes; `previous` is the level of the line
 * before it, which continuation lines (a request's error data, a traceback) keep. Undefined for a
 * blank line.
 */
export function classifyLine(line: string, previous: Level): { level: Level; message: string } | undefined {
    const text = line.replace(/\s+$/, "");
    if (!text) {
        return undefined;
    }
    const client = CLIENT_PREFIX.exec(text);
    if (client) {
        const message = client[2];
        return { level: NORMAL_EXIT.test(message) ? "info" : CLIENT_LEVELS[client[1]], message };
    }
    const python = PYTHON_PREFIX.exec(text);
    if (python) {
        return { level: PYTHON_LEVELS[python[1]], message: text };
    }
    return { level: previous, message: text };
}

/** The part of a log output channel that this adapter writes to. */
export type LogSink = Pick<LogOutputChannel, Level | "name" | "clear" | "show" | "hide">;

/**
 * An OutputChannel for vscode-languageclient (`clientOptions.outputChannel`) that writes whole
 * lines to a log channel at their own level. Text without a line end (a chunk of the server's
 * stderr) waits for the rest of its line; blank lines are dropped. Disposing it flushes; the log
 * channel stays open.
 */
export class ClientOutput implements OutputChannel {
    private pending = "";
    private level: Level = "info";

    constructor(private readonly log: LogSink) {}

    get name(): string {
        return this.log.name;
    }

    append(value: string): void {
        this.pending += value;
        const lines = this.pending.split(/\r?\n/);
        this.pending = lines.pop() ?? "";
        if (this.pending.length > 65_536) {
            lines.push(this.pending);
            this.pending = "";
        }
        lines.forEach((l) => this.write(l));
    }

    appendLine(value: string): void {
        this.append(`${value}\n`);
    }

    replace(value: string): void {
        this.clear();
        this.append(value);
    }

    clear(): void {
        this.pending = "";
        this.log.clear();
    }

    show(columnOrPreserveFocus?: ViewColumn | boolean, preserveFocus?: boolean): void {
        if (typeof columnOrPreserveFocus === "boolean" || columnOrPreserveFocus === undefined) {
            this.log.show(columnOrPreserveFocus);
        } else {
            this.log.show(columnOrPreserveFocus, preserveFocus);
        }
    }

    hide(): void {
        this.log.hide();
    }

    dispose(): void {
        if (this.pending) {
            this.write(this.pending);
            this.pending = "";
        }
    }

    private write(line: string): void {
        const entry = classifyLine(line, this.level);
        if (!entry) {
            return;
        }
        this.log[entry.level](entry.message);
        // Continuation lines come in the same synchronous burst (the library writes a message and
        // its data line by line; a traceback arrives in one chunk of stderr); the next burst
        // starts again at info.
        if (this.level !== entry.level) {
            this.level = entry.level;
            queueMicrotask(() => (this.level = "info"));
        }
    }
}
