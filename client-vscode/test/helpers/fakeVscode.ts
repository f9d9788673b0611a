// A stand-in for the `vscode` module, just enough for the extension and vscode-languageclient to
// activate, start the real server, sync documents and receive diagnostics in plain Node.
// Anything not modelled here is a harmless stub (a callable that returns a disposable stub).
import Module from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { contributed } from "./pkg";

type Listener = (e: any) => any;

function stub(name: string): any {
    const fn = function () {
        return stub(`${name}()`);
    };
    return new Proxy(fn, {
        get(_t, prop) {
            if (prop === "then") return undefined; // not a promise
            if (prop === "dispose") return () => undefined;
            if (prop === Symbol.toPrimitive) return () => name;
            return stub(`${name}.${String(prop)}`);
        },
        construct() {
            return stub(`new ${name}`);
        },
    });
}

function withFallback<T extends object>(name: string, obj: T): T {
    return new Proxy(obj, {
        get(target, prop, receiver) {
            if (prop in target) return Reflect.get(target, prop, receiver);
            if (prop === "then" || typeof prop === "symbol") return undefined;
            return stub(`${name}.${String(prop)}`);
        },
    });
}

export class Disposable {
    constructor(private readonly fn: () => void = () => undefined) {}
    static from(...items: Array<{ dispose(): any }>): Disposable {
        return new Disposable(() => items.forEach((i) => i?.dispose?.()));
    }
    dispose(): void {
        this.fn();
    }
}

export class EventEmitter<T> {
    private listeners = new Set<Listener>();
    event = (listener: Listener): Disposable => {
        this.listeners.add(listener);
        return new Disposable(() => this.listeners.delete(listener));
    };
    fire(e: T): void {
        for (const l of [...this.listeners]) l(e);
    }
    dispose(): void {
        this.listeners.clear();
    }
}

export class Uri {
    private constructor(private readonly url: string) {}
    static parse(value: string): Uri {
        return new Uri(value);
    }
    static file(path: string): Uri {
        return new Uri(pathToFileURL(path).toString());
    }
    get scheme(): string {
        return this.url.slice(0, this.url.indexOf(":"));
    }
    get fsPath(): string {
        return this.scheme === "file" ? fileURLToPath(this.url) : this.url;
    }
    get path(): string {
        return new URL(this.url).pathname;
    }
    toString(): string {
        return this.url;
    }
    toJSON(): string {
        return this.url;
    }
}

export class Position {
    constructor(
        readonly line: number,
        readonly character: number,
    ) {}
}
export class Range {
    readonly start: Position;
    readonly end: Position;
    constructor(a: any, b: any, c?: number, d?: number) {
        [this.start, this.end] = typeof a === "number" ? [new Position(a, b), new Position(c!, d!)] : [a, b];
    }
}
export class Diagnostic {
    source?: string;
    code?: unknown;
    constructor(
        readonly range: Range,
        readonly message: string,
        readonly severity?: number,
    ) {}
}
export class CancellationError extends Error {}
export class TabInputText {
    constructor(readonly uri: Uri) {}
}
export class TabInputTextDiff {
    constructor(
        readonly original: Uri,
        readonly modified: Uri,
    ) {}
}
export class TabInputCustom {
    constructor(readonly uri: Uri) {}
}
export class ThemeColor {
    constructor(readonly id: string) {}
}
export class CancellationTokenSource {
    private emitter = new EventEmitter<void>();
    token = { isCancellationRequested: false, onCancellationRequested: this.emitter.event };
    cancel(): void {
        this.token.isCancellationRequested = true;
        this.emitter.fire();
    }
    dispose(): void {}
}

export interface FakeDocument {
    uri: Uri;
    languageId: string;
    version: number;
    text: string;
}

/** Builds a fresh fake `vscode` module and installs it as `require("vscode")`. */
export function installFakeVscode(options: { settings?: Record<string, unknown>; trusted?: boolean; folder: string }) {
    const settings: Record<string, unknown> = { ...(options.settings ?? {}) };
    const messages: Array<{ kind: string; message: string; actions: string[] }> = [];
    const logLines: string[] = [];
    const commands = new Map<string, (...a: any[]) => any>();
    const diagnostics = new Map<string, Diagnostic[]>();
    const statusItems: any[] = [];
    const ev = {
        open: new EventEmitter<any>(),
        save: new EventEmitter<any>(),
        config: new EventEmitter<any>(),
        diagnostics: new EventEmitter<any>(),
        trust: new EventEmitter<void>(),
        editor: new EventEmitter<any>(),
        tabs: new EventEmitter<any>(),
    };
    const tabGroup = { tabs: [] as any[], isActive: true, viewColumn: 1 };
    const folderUri = Uri.file(options.folder);
    const asTextDocument = (d: FakeDocument) => ({
        uri: d.uri,
        languageId: d.languageId,
        version: d.version,
        fileName: d.uri.fsPath,
        isUntitled: false,
        isClosed: false,
        getText: () => d.text,
        lineCount: d.text.split("\n").length,
    });
    const configuration = (section?: string) => ({
        get: (key: string, dflt?: unknown) => {
            const full = section ? `${section}.${key}` : key;
            if (full in settings) return settings[full];
            return contributed[full]?.default ?? dflt;
        },
        has: (key: string) => `${section}.${key}` in contributed,
        inspect: (key: string) => {
            const full = section ? `${section}.${key}` : key;
            return { key: full, defaultValue: contributed[full]?.default, globalValue: settings[full] };
        },
        update: async () => undefined,
    });
    const log = (level: string) => (msg: string) => logLines.push(`[${level}] ${msg}`);
    const vscode = {
        version: "1.82.0",
        Disposable,
        EventEmitter,
        Uri,
        Position,
        Range,
        Diagnostic,
        CancellationError,
        CancellationTokenSource,
        ThemeColor,
        TabInputText,
        TabInputTextDiff,
        TabInputCustom,
        StatusBarAlignment: { Left: 1, Right: 2 },
        DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
        ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
        workspace: withFallback("workspace", {
            textDocuments: [] as any[],
            workspaceFolders: [{ uri: folderUri, name: "fixture", index: 0 }],
            isTrusted: options.trusted ?? true,
            getConfiguration: configuration,
            getWorkspaceFolder: () => ({ uri: folderUri, name: "fixture", index: 0 }),
            onDidOpenTextDocument: ev.open.event,
            onDidSaveTextDocument: ev.save.event,
            onDidChangeConfiguration: ev.config.event,
            onDidGrantWorkspaceTrust: ev.trust.event,
        }),
        window: withFallback("window", {
            activeTextEditor: undefined as any,
            visibleTextEditors: [],
            tabGroups: { all: [tabGroup], onDidChangeTabs: ev.tabs.event, onDidChangeTabGroups: new EventEmitter().event },
            onDidChangeActiveTextEditor: ev.editor.event,
            createOutputChannel: (name: string) =>
                withFallback("outputChannel", {
                    name,
                    logLevel: 2,
                    onDidChangeLogLevel: new EventEmitter().event,
                    append: (s: string) => logLines.push(s),
                    appendLine: (s: string) => logLines.push(s),
                    trace: log("trace"),
                    debug: log("debug"),
                    info: log("info"),
                    warn: log("warn"),
                    error: (m: unknown) => log("error")(String(m)),
                    show: () => undefined,
                    dispose: () => undefined,
                }),
            createStatusBarItem: () => {
                const item = { text: "", tooltip: "", command: undefined, visible: false, show() { item.visible = true; }, hide() { item.visible = false; }, dispose() {} };
                statusItems.push(item);
                return item;
            },
            showInformationMessage: async (message: string, ...actions: string[]) => void messages.push({ kind: "info", message, actions }),
            showWarningMessage: async (message: string, ...actions: string[]) => void messages.push({ kind: "warning", message, actions }),
            showErrorMessage: async (message: string, ...actions: string[]) => void messages.push({ kind: "error", message, actions }),
        }),
        languages: withFallback("languages", {
            match: (selector: any[], doc: any) =>
                selector.some((s: any) => (typeof s === "string" ? s === doc.languageId : (!s.language || s.language === doc.languageId) && (!s.scheme || s.scheme === doc.uri.scheme)))
                    ? 10
                    : 0,
            onDidChangeDiagnostics: ev.diagnostics.event,
            createDiagnosticCollection: () =>
                withFallback("diagnosticCollection", {
                    set: (uri: Uri, diags: Diagnostic[] | undefined) => {
                        diagnostics.set(uri.toString(), diags ?? []);
                        ev.diagnostics.fire({ uris: [uri] });
                    },
                    delete: (uri: Uri) => void diagnostics.delete(uri.toString()),
                    clear: () => diagnostics.clear(),
                    get: (uri: Uri) => diagnostics.get(uri.toString()),
                    forEach: () => undefined,
                    dispose: () => undefined,
                }),
        }),
        commands: withFallback("commands", {
            registerCommand: (id: string, fn: (...a: any[]) => any) => {
                if (commands.has(id)) throw new Error(`command '${id}' already exists`);
                commands.set(id, fn);
                return new Disposable(() => commands.delete(id));
            },
            executeCommand: async (id: string, ...args: any[]) => commands.get(id)?.(...args),
        }),
        extensions: withFallback("extensions", { getExtension: () => undefined, onDidChange: new EventEmitter().event }),
        env: withFallback("env", { language: "en", appName: "fake-vscode", clipboard: { writeText: async () => undefined } }),
    };
    const fake = withFallback("vscode", vscode);
    const M = Module as unknown as { _load: (req: string, ...rest: unknown[]) => unknown };
    const original = M._load;
    M._load = function (request: string, ...rest: unknown[]) {
        return request === "vscode" ? fake : original.call(this, request, ...rest);
    };
    return {
        vscode,
        messages,
        logLines,
        commands,
        diagnostics,
        statusItems,
        /** Opens a document the way VS Code does: textDocuments + onDidOpenTextDocument. */
        open(doc: FakeDocument) {
            // As in VS Code: the tab first, then the document events.
            const tab = { input: new TabInputText(doc.uri), label: doc.uri.fsPath, group: tabGroup, isActive: true };
            tabGroup.tabs.push(tab);
            ev.tabs.fire({ opened: [tab], closed: [], changed: [] });
            const td = asTextDocument(doc);
            vscode.workspace.textDocuments.push(td);
            ev.open.fire(td);
            vscode.window.activeTextEditor = { document: td, selection: { active: new Position(6, 4) } };
            ev.editor.fire(vscode.window.activeTextEditor);
            return td;
        },
        save(td: any) {
            ev.save.fire(td);
        },
        uninstall() {
            M._load = original;
        },
    };
}
