// Which Python runs the docfact server: pure logic, no `vscode` import, unit-tested in Node.
//
// Resolution order (as in Microsoft's vscode-python-tools-extension-template):
//   1. the `docfact.interpreter` setting (a string or an array: executable + extra arguments);
//   2. the active interpreter of the Python extension (`ms-python.python`), when installed;
//   3. `python3` (`python` on Windows).
// That interpreter runs the docfact bundled in the extension, or its own (`docfact.importStrategy`).
import { join } from "path";

export type InterpreterSource = "setting" | "python-extension" | "default";

export interface ResolvedInterpreter {
    /** Executable followed by any extra arguments, e.g. ["/venv/bin/python"] or ["py", "-3.12"]. */
    command: string[];
    source: InterpreterSource;
    /** Why an earlier source was not used (for the log), if any. */
    notes: string[];
}

export interface Variables {
    workspaceFolder?: string;
    userHome?: string;
    env: Record<string, string | undefined>;
}

/** What the Python extension reports about its active environment (a subset of its API). */
export interface PythonEnvironmentInfo {
    executable?: string;
    version?: { major: number; minor: number };
}

export interface InterpreterInputs {
    /** Raw value of `docfact.interpreter` (anything: settings are user input). */
    setting: unknown;
    /** Asks the Python extension; undefined when the extension is absent. */
    pythonExtension?: () => Promise<PythonEnvironmentInfo | undefined>;
    platform: string;
    vars: Variables;
    /** Workspace Trust: an untrusted workspace may not pick an executable that lives inside it. */
    trusted: boolean;
    workspaceFolders: string[];
}

/** Oldest Python the server supports (pyproject `requires-python`). */
export const MIN_PYTHON = { major: 3, minor: 11 };

export function defaultPython(platform: string): string[] {
    return [platform === "win32" ? "python" : "python3"];
}

/** Expand `${workspaceFolder}`, `${userHome}`, `${env:NAME}` and a leading `~`. */
export function substitute(value: string, vars: Variables): string {
    let out = value.replace(/\$\{(workspaceFolder|userHome|env:([A-Za-z_][A-Za-z0-9_]*))\}/g, (m, name: string, envName?: string) => {
        if (envName !== undefined) {
            return vars.env[envName] ?? "";
        }
        if (name === "workspaceFolder") {
            return vars.workspaceFolder ?? m;
        }
        return vars.userHome ?? m;
    });
    if (vars.userHome && (out === "~" || out.startsWith("~/") || out.startsWith("~\\"))) {
        out = vars.userHome + out.slice(1);
    }
    return out;
}

/** The setting as a command list; [] when unset, empty or not strings. */
export function normalizeSetting(setting: unknown, vars: Variables): string[] {
    let parts: unknown[];
    if (typeof setting === "string") {
        parts = [setting];
    } else if (Array.isArray(setting)) {
        parts = setting;
    } else {
        return [];
    }
    if (!parts.every((p) => typeof p === "string")) {
        return [];
    }
    const out = (parts as string[]).map((p) => substitute(p.trim(), vars));
    return out.length > 0 && out[0] !== "" ? out : [];
}

function isInside(file: string, folder: string): boolean {
    const norm = (p: string) => p.replace(/\\/g, "/").replace(/\/+$/, "").toLowerCase();
    const f = norm(file);
    const d = norm(folder);
    return d !== "" && (f === d || f.startsWith(d + "/"));
}

export function versionOk(v: { major: number; minor: number } | undefined): boolean {
    if (!v) {
        return true; // unknown: let the installation check decide
    }
    return v.major > MIN_PYTHON.major || (v.major === MIN_PYTHON.major && v.minor >= MIN_PYTHON.minor);
}

export async function resolveInterpreter(inputs: InterpreterInputs): Promise<ResolvedInterpreter> {
    const notes: string[] = [];
    const fromSetting = normalizeSetting(inputs.setting, inputs.vars);
    if (fromSetting.length > 0) {
        return { command: fromSetting, source: "setting", notes };
    }
    if (inputs.pythonExtension) {
        let env: PythonEnvironmentInfo | undefined;
        try {
            env = await inputs.pythonExtension();
        } catch (err) {
            notes.push(`the Python extension did not answer: ${String(err)}`);
        }
        const exe = env?.executable;
        if (exe) {
            if (!versionOk(env?.version)) {
                notes.push(
                    `the Python extension's interpreter ${exe} is Python ${env?.version?.major}.${env?.version?.minor}; ` +
                        `docfact needs ${MIN_PYTHON.major}.${MIN_PYTHON.minor}+`,
                );
            } else if (!inputs.trusted && inputs.workspaceFolders.some((f) => isInside(exe, f))) {
                notes.push(`not running ${exe}: it lives inside this untrusted workspace`);
            } else {
                return { command: [exe], source: "python-extension", notes };
            }
        } else if (env !== undefined || notes.length === 0) {
            notes.push("the Python extension has no active interpreter");
        }
    } else {
        notes.push("the Python extension (ms-python.python) is not installed");
    }
    return { command: defaultPython(inputs.platform), source: "default", notes };
}

/** `docfact.importStrategy`: the docfact bundled in the extension, or the one installed in the interpreter. */
export type ImportStrategy = "useBundled" | "fromEnvironment";

export function importStrategy(setting: unknown): ImportStrategy {
    return setting === "fromEnvironment" ? "fromEnvironment" : "useBundled";
}

/** Where the server's code comes from: the extension's bundled/ folder, or the interpreter's packages. */
export type ServerSource = { kind: "bundled"; dir: string } | { kind: "environment" };

/**
 * The source for a strategy. `useBundled` needs bundled/launch.py and bundled/libs (present in
 * the platform .vsix files, absent in a development checkout); without them the environment is
 * used and `note` says why.
 */
export function chooseSource(
    strategy: ImportStrategy,
    bundleDir: string,
    exists: (path: string) => boolean,
): { source: ServerSource; note?: string } {
    if (strategy === "fromEnvironment") {
        return { source: { kind: "environment" } };
    }
    if (exists(join(bundleDir, "launch.py")) && exists(join(bundleDir, "libs"))) {
        return { source: { kind: "bundled", dir: bundleDir } };
    }
    return {
        source: { kind: "environment" },
        note: `this build of the extension has no bundled server (${bundleDir}); using the interpreter's docfact`,
    };
}

function entry(interpreter: string[], source: ServerSource, tail: string[]): { command: string; args: string[] } {
    const start = source.kind === "bundled" ? [join(source.dir, "launch.py")] : ["-m", "docfact"];
    return { command: interpreter[0], args: [...interpreter.slice(1), ...start, ...tail] };
}

/** How the server is started: `<python> <bundle>/launch.py serve` or `<python> -m docfact serve`, over stdio. */
export function serverLaunch(interpreter: string[], source: ServerSource): { command: string; args: string[] } {
    return entry(interpreter, source, ["serve"]);
}

/**
 * The process VS Code's language client spawns (its `Executable` server options). No `transport`
 * on purpose: with `TransportKind.stdio` the client library appends `--stdio` to the arguments,
 * which `docfact serve` does not take; without it the library still talks over stdin/stdout.
 */
export function serverProcess(
    interpreter: string[],
    source: ServerSource,
    cwd: string,
    env: Record<string, string | undefined>,
): { command: string; args: string[]; options: { cwd: string; env: Record<string, string> } } {
    const { command, args } = serverLaunch(interpreter, source);
    return { command, args, options: { cwd, env: serverEnv(env) } };
}

/** Arguments that print docfact's version, or fail when the server cannot run with the interpreter. */
export function versionCheck(interpreter: string[], source: ServerSource): { command: string; args: string[] } {
    if (source.kind === "bundled") {
        return entry(interpreter, source, ["--version"]);
    }
    return {
        command: interpreter[0],
        args: [...interpreter.slice(1), "-c", "import docfact, sys; print(docfact.__version__)"],
    };
}

export const PYTHON_DOWNLOAD_URL = "https://www.python.org/downloads/";

/** Why the version check failed, from its outcome (bundled/launch.py exits 3 or 4, see there). */
export type StartProblem =
    | { kind: "noPython" }
    | { kind: "tooOld"; detail: string }
    | { kind: "unsupportedPython"; detail: string }
    | { kind: "notInstalled"; detail: string }
    | { kind: "broken"; detail: string };

export function classifyCheckFailure(
    source: ServerSource,
    failure: { spawnError?: string; exitCode?: number | null; stderr: string },
): StartProblem {
    const detail = lastLine(failure.stderr) || failure.spawnError || `exit code ${failure.exitCode}`;
    if (failure.spawnError === "ENOENT") {
        return { kind: "noPython" };
    }
    if (source.kind === "bundled") {
        if (failure.exitCode === 3) {
            return { kind: "tooOld", detail };
        }
        if (failure.exitCode === 4) {
            return { kind: "unsupportedPython", detail };
        }
        // Python 2 and other very old interpreters may fail before launch.py can explain.
        return /SyntaxError/.test(failure.stderr) ? { kind: "tooOld", detail } : { kind: "broken", detail };
    }
    return /No module named .?docfact/.test(failure.stderr) ? { kind: "notInstalled", detail } : { kind: "broken", detail };
}

function lastLine(text: string): string {
    const lines = text.trim().split(/\r?\n/);
    return lines[lines.length - 1].trim();
}

export const ACTIONS = {
    download: "Download Python",
    select: "Select Interpreter",
    settings: "Open Settings",
    log: "Show Log",
    bundled: "Use Bundled Server",
    copy: "Copy Install Command",
} as const;

/** The message shown for a problem, and the buttons it offers (ACTIONS values). */
export function problemMessage(
    problem: StartProblem,
    python: string,
    installLine: string,
    pythonExtension: boolean,
): { message: string; actions: string[] } {
    const select = pythonExtension ? [ACTIONS.select] : [];
    const need = `docfact needs Python ${MIN_PYTHON.major}.${MIN_PYTHON.minor} or newer`;
    const choose = pythonExtension
        ? `select one with the Python extension or set "docfact.interpreter"`
        : `set "docfact.interpreter" to its path`;
    switch (problem.kind) {
        case "noPython":
            return {
                message: `${need}, and the interpreter "${python}" was not found. Install Python from ${PYTHON_DOWNLOAD_URL}, then ${choose}.`,
                actions: [ACTIONS.download, ...select, ACTIONS.settings],
            };
        case "tooOld":
            return {
                message: `docfact cannot run with "${python}": ${problem.detail} Install Python ${MIN_PYTHON.major}.${MIN_PYTHON.minor}+ from ${PYTHON_DOWNLOAD_URL}, then ${choose}.`,
                actions: [ACTIONS.download, ...select, ACTIONS.settings],
            };
        case "unsupportedPython":
            return {
                message: `docfact cannot run with "${python}": ${problem.detail} Choose another interpreter (${choose}), or set "docfact.importStrategy" to "fromEnvironment" and install docfact into it.`,
                actions: [...select, ACTIONS.settings, ACTIONS.log],
            };
        case "notInstalled":
            return {
                message: `docfact is not installed in the Python interpreter "${python}" ("docfact.importStrategy" is "fromEnvironment"). docfact is not published on PyPI yet: use the server bundled with this extension, or install docfact from a clone or a wheel of its repository: ${installLine}`,
                actions: [ACTIONS.bundled, ACTIONS.copy, ...select, ACTIONS.settings],
            };
        case "broken":
            return {
                message: `docfact does not start with "${python}": ${problem.detail}`,
                actions: [ACTIONS.log, ...select, ACTIONS.settings],
            };
    }
}

/** What the user fills in: docfact is installed from its repository, never by a name on PyPI. */
export const INSTALL_SOURCE = "<path to a docfact clone or wheel>";

/** Arguments that install docfact into the interpreter, from a clone or wheel of its repository
 * (`pip install docfact` would install whatever someone else registers under that name). */
export function pipInstall(interpreter: string[]): { command: string; args: string[] } {
    return { command: interpreter[0], args: [...interpreter.slice(1), "-m", "pip", "install", INSTALL_SOURCE] };
}

/** A command line to show or copy; quotes words with spaces or shell characters. */
export function displayCommand(cmd: { command: string; args: string[] }, platform: string): string {
    const quote = (w: string) => (/^[\w@%+=:,./\\-]+$/.test(w) ? w : `"${w.replace(/"/g, '\\"')}"`);
    const line = [cmd.command, ...cmd.args].map(quote).join(" ");
    // PowerShell (the default Windows terminal) needs `&` to run a quoted executable.
    return platform === "win32" && line.startsWith('"') ? `& ${line}` : line;
}

/**
 * Environment for the server process. PYTHONSAFEPATH keeps `python -m` from importing modules
 * out of the current directory (Python 3.11+); the launch code also runs it outside the workspace.
 */
export function serverEnv(base: Record<string, string | undefined>): Record<string, string> {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(base)) {
        if (v !== undefined) {
            env[k] = v;
        }
    }
    env.PYTHONSAFEPATH = "1";
    env.PYTHONUNBUFFERED = "1";
    env.PYTHONIOENCODING = "utf-8";
    return env;
}
