// Which Python runs the docfact server: pure logic, no `vscode` import, unit-tested in Node.
//
// Resolution order (as in Microsoft's vscode-python-tools-extension-template):
//   1. the `docfact.interpreter` setting (a string or an array: executable + extra arguments);
//   2. the active interpreter of the Python extension (`ms-python.python`), when installed;
//   3. `python3` (`python` on Windows).

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
export const MIN_PYTHON = { major: 3, minor: 10 };

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

/** How the server is started from an interpreter: `<python> -m docfact serve` over stdio. */
export function serverLaunch(interpreter: string[]): { command: string; args: string[] } {
    return { command: interpreter[0], args: [...interpreter.slice(1), "-m", "docfact", "serve"] };
}

/**
 * The process VS Code's language client spawns (its `Executable` server options). No `transport`
 * on purpose: with `TransportKind.stdio` the client library appends `--stdio` to the arguments,
 * which `docfact serve` does not take; without it the library still talks over stdin/stdout.
 */
export function serverProcess(
    interpreter: string[],
    cwd: string,
    env: Record<string, string | undefined>,
): { command: string; args: string[]; options: { cwd: string; env: Record<string, string> } } {
    const { command, args } = serverLaunch(interpreter);
    return { command, args, options: { cwd, env: serverEnv(env) } };
}

/** Arguments that print docfact's version, or fail when it is not importable. */
export function versionCheck(interpreter: string[]): { command: string; args: string[] } {
    return {
        command: interpreter[0],
        args: [...interpreter.slice(1), "-c", "import docfact, sys; print(docfact.__version__)"],
    };
}

/** Arguments that install docfact into the interpreter. */
export function pipInstall(interpreter: string[]): { command: string; args: string[] } {
    return { command: interpreter[0], args: [...interpreter.slice(1), "-m", "pip", "install", "docfact"] };
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
