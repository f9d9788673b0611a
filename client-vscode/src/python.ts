// The Python extension's environments API (optional): its active interpreter and change events.
import { Disposable, Event, Uri } from "vscode";
import type { PythonEnvironmentInfo } from "./interpreter";
import { getExtension } from "./vscodeapi";

export const PYTHON_EXTENSION_ID = "ms-python.python";

// The part of https://github.com/microsoft/vscode-python/blob/main/src/client/api/types.ts we use.
interface EnvironmentPath {
    id: string;
    path: string;
}
interface ResolvedEnvironment {
    executable: { uri?: Uri };
    version?: { major: number; minor: number };
}
interface PythonExtensionApi {
    environments: {
        getActiveEnvironmentPath(resource?: Uri): EnvironmentPath;
        resolveEnvironment(env: EnvironmentPath | string): Promise<ResolvedEnvironment | undefined>;
        readonly onDidChangeActiveEnvironmentPath: Event<unknown>;
    };
}

async function api(): Promise<PythonExtensionApi | undefined> {
    const ext = getExtension<PythonExtensionApi>(PYTHON_EXTENSION_ID);
    if (!ext) {
        return undefined;
    }
    const exported = ext.isActive ? ext.exports : await ext.activate();
    return exported?.environments ? exported : undefined;
}

export function isPythonExtensionInstalled(): boolean {
    return getExtension(PYTHON_EXTENSION_ID) !== undefined;
}

/** The active interpreter for `resource`, or undefined when the extension has none. */
export async function activeInterpreter(resource?: Uri): Promise<PythonEnvironmentInfo | undefined> {
    const a = await api();
    if (!a) {
        return undefined;
    }
    const env = await a.environments.resolveEnvironment(a.environments.getActiveEnvironmentPath(resource));
    if (!env?.executable.uri) {
        return undefined;
    }
    return { executable: env.executable.uri.fsPath, version: env.version };
}

export async function onDidChangeInterpreter(listener: () => unknown): Promise<Disposable | undefined> {
    const a = await api();
    return a?.environments.onDidChangeActiveEnvironmentPath(() => listener());
}
