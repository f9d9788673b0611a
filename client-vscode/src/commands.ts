// The palette commands and their arguments for the server. Pure: no `vscode` import.

/** Server commands (workspace/executeCommand) that the extension registers itself. */
export const SERVER_COMMANDS = [
    "docfact.checkDocument",
    "docfact.checkWorkspace",
    "docfact.regenerateDocstring",
    "docfact.showScore",
] as const;

export type ServerCommand = (typeof SERVER_COMMANDS)[number];

export const CLIENT_COMMANDS = ["docfact.restart"] as const;

export const LANGUAGES = ["python", "java", "typescript", "typescriptreact", "javascript", "javascriptreact"] as const;

/** Which documents the server handles: Python, Java, TypeScript and JavaScript (with JSX), saved files and untitled buffers. */
export const DOCUMENT_SELECTOR = LANGUAGES.flatMap((language) =>
    ["file", "untitled"].map((scheme) => ({ scheme, language })),
);

/**
 * The server announces its commands in `executeCommandProvider`; vscode-languageclient would
 * register them as VS Code commands too, which clashes with ours (they fill in the current file
 * and cursor). Only commands the extension does not own are left for the client library.
 */
export function commandsLeftToLibrary(announced: readonly string[] | undefined): string[] {
    const own = new Set<string>(SERVER_COMMANDS);
    return (announced ?? []).filter((c) => !own.has(c));
}

export interface EditorState {
    uri?: string;
    languageId?: string;
    /** Cursor, LSP style (0-based line, UTF-16 character). */
    position?: { line: number; character: number };
}

/** The `arguments` of the server command for the current editor, or a reason it cannot run. */
export function commandArguments(command: ServerCommand, editor: EditorState): { args?: unknown[]; error?: string } {
    if (command === "docfact.checkWorkspace") {
        return { args: [] };
    }
    if (!editor.uri) {
        return { error: "Open a Python, Java, TypeScript or JavaScript file first." };
    }
    if (!editor.languageId || !(LANGUAGES as readonly string[]).includes(editor.languageId)) {
        return { error: `docfact checks Python, Java, TypeScript and JavaScript files; this one is ${editor.languageId ?? "unknown"}.` };
    }
    if (command === "docfact.regenerateDocstring") {
        if (!editor.position) {
            return { error: "Place the cursor inside a function or class first." };
        }
        return { args: [editor.uri, editor.position] };
    }
    return { args: [editor.uri] };
}

function num(v: unknown): number | undefined {
    return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

function plural(n: number, word: string): string {
    return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * A short message for what a server command returned, or undefined when there is nothing to say
 * (the diagnostics speak for themselves). Tolerant of shapes it does not know.
 */
export function resultMessage(command: ServerCommand, result: unknown): string | undefined {
    const r = typeof result === "object" && result !== null ? (result as Record<string, unknown>) : {};
    switch (command) {
        case "docfact.checkDocument": {
            if (typeof r.skipped === "string" && r.skipped) {
                return `docfact did not check this file: ${r.skipped}`;
            }
            const findings = num(r.findings);
            if (findings === undefined) {
                return undefined;
            }
            const score = num(r.score);
            return `docfact: ${plural(findings, "finding")} in this file` + (score !== undefined ? `, score ${Math.round(score * 100)}%.` : ".");
        }
        case "docfact.checkWorkspace": {
            const files = num(r.files);
            const findings = num(r.findings);
            if (files === undefined || findings === undefined) {
                return undefined;
            }
            return `docfact: checked ${plural(files, "file")}, ${plural(findings, "finding")} (see the Problems view).`;
        }
        case "docfact.regenerateDocstring":
            if (r.applied === false) {
                return `docfact: docstring not changed${typeof r.reason === "string" ? `: ${r.reason}` : ""}.`;
            }
            return undefined;
        default:
            return undefined;
    }
}
