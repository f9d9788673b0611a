// VS Code configuration -> the settings object the server receives. Pure: no `vscode` import.

/**
 * Every server setting, as dotted camelCase keys under `docfact.` (mirrors
 * `docfact.config.setting_keys("camel")`; package.json contributes exactly these plus
 * CLIENT_ONLY_KEYS, and tests on both sides check it).
 */
export const SERVER_SETTING_KEYS: readonly string[] = [
    "criteria",
    "select",
    "ignore",
    "preview",
    "severity",
    "checkComments",
    "trigger",
    "debounceMs",
    "exclude",
    "perFileIgnores",
    "maxFileSize",
    "baseline",
    "llm.enabled",
    "llm.baseUrl",
    "llm.model",
    "llm.apiKeyEnv",
    "llm.mode",
    "llm.maxConcurrency",
    "llm.timeoutSeconds",
    "llm.maxRequests",
    "llm.apiVersion",
    "llm.secondLook",
    "cache.dir",
    "cache.enabled",
];

/** Settings the client uses itself and never sends to the server. */
export const CLIENT_ONLY_KEYS: readonly string[] = ["interpreter", "importStrategy", "trace.server"];

/** Settings whose change needs a new server process (the others are sent to the running one). */
export const RESTART_KEYS: readonly string[] = ["interpreter", "importStrategy"];

export type ServerSettings = Record<string, unknown>;

/** Reads one key relative to `docfact.` (VS Code: `getConfiguration("docfact", scope).get(key)`). */
export type Getter = (key: string) => unknown;

function clone<T>(value: T): T {
    return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** What VS Code's `WorkspaceConfiguration.inspect(key)` reports (the part used here). */
export interface Inspected {
    globalValue?: unknown;
    workspaceValue?: unknown;
    workspaceFolderValue?: unknown;
}

/** Settings VS Code ignores at workspace level in untrusted workspaces (package.json). */
export const RESTRICTED_KEYS: readonly string[] = [
    "llm.enabled", "llm.baseUrl", "llm.apiKeyEnv", "llm.apiVersion", "llm.model", "cache.dir", "interpreter",
];

/**
 * The value the user actually set (folder > workspace > user), or undefined when only the
 * default applies. Only explicit values go to the server: a default sent by the editor would
 * override the project's `[tool.docfact]` in pyproject.toml, which comes earlier in the
 * server's merge order. In an untrusted workspace, restricted keys take the user value only.
 */
export function explicitValue(key: string, inspected: Inspected | undefined, trusted: boolean): unknown {
    if (!inspected) {
        return undefined;
    }
    if (!trusted && RESTRICTED_KEYS.includes(key)) {
        return inspected.globalValue;
    }
    return inspected.workspaceFolderValue ?? inspected.workspaceValue ?? inspected.globalValue;
}

/** The nested server settings object, e.g. `{criteria: [...], llm: {enabled: false, ...}}`. */
export function serverSettings(get: Getter): ServerSettings {
    const out: ServerSettings = {};
    for (const key of SERVER_SETTING_KEYS) {
        const value = get(key);
        if (value === undefined) {
            continue;
        }
        const path = key.split(".");
        let node = out;
        for (const part of path.slice(0, -1)) {
            if (typeof node[part] !== "object" || node[part] === null) {
                node[part] = {};
            }
            node = node[part] as ServerSettings;
        }
        node[path[path.length - 1]] = clone(value);
    }
    return out;
}

/**
 * Workspace Trust: in an untrusted workspace the LLM judge is off whatever the settings say, so
 * no source code leaves the machine. Returns a copy; the input is not changed.
 */
export function applyTrust(settings: ServerSettings, trusted: boolean): ServerSettings {
    const out = clone(settings) ?? {};
    if (!trusted) {
        const llm = typeof out.llm === "object" && out.llm !== null ? (out.llm as ServerSettings) : {};
        llm.enabled = false;
        out.llm = llm;
    }
    // Workspace Trust decides whether the folder's pyproject.toml may choose the LLM endpoint,
    // key variable and cache folder (the server ignores them from a repository otherwise).
    out.trustWorkspaceConfig = trusted;
    return out;
}

/**
 * The answer to one `workspace/configuration` item whose section is `docfact` or below it
 * (`docfact.llm`, `docfact.llm.enabled`); undefined for other sections.
 */
export function answerSection(section: string | undefined, settings: ServerSettings): { handled: boolean; value: unknown } {
    if (section === undefined || (section !== "docfact" && !section.startsWith("docfact."))) {
        return { handled: false, value: undefined };
    }
    let node: unknown = settings;
    for (const part of section.split(".").slice(1)) {
        node = typeof node === "object" && node !== null ? (node as ServerSettings)[part] : undefined;
    }
    return { handled: true, value: node === undefined ? null : clone(node) };
}

/** Does a configuration change (VS Code's `affectsConfiguration`) need a server restart? */
export function needsRestart(affects: (section: string) => boolean): boolean {
    return RESTART_KEYS.some((k) => affects(`docfact.${k}`));
}

/** Does a configuration change concern settings the server reads? */
export function affectsServer(affects: (section: string) => boolean): boolean {
    return SERVER_SETTING_KEYS.some((k) => affects(`docfact.${k}`));
}
