// The only module besides extension wiring that touches the `vscode` namespace directly: thin
// wrappers, so that the logic modules take plain values and can be tested in Node.
import {
    commands,
    ConfigurationChangeEvent,
    ConfigurationScope,
    Disposable,
    env,
    extensions,
    LogOutputChannel,
    StatusBarAlignment,
    StatusBarItem,
    Terminal,
    TerminalOptions,
    Uri,
    window,
    workspace,
    WorkspaceConfiguration,
    WorkspaceFolder,
} from "vscode";

export function createOutputChannel(name: string): LogOutputChannel {
    return window.createOutputChannel(name, { log: true });
}

export function getConfiguration(section: string, scope?: ConfigurationScope): WorkspaceConfiguration {
    return workspace.getConfiguration(section, scope);
}

export function onDidChangeConfiguration(listener: (e: ConfigurationChangeEvent) => unknown): Disposable {
    return workspace.onDidChangeConfiguration(listener);
}

export function registerCommand(command: string, callback: (...args: any[]) => any): Disposable {
    return commands.registerCommand(command, callback);
}

export function executeCommand<T = unknown>(command: string, ...rest: any[]): Thenable<T> {
    return commands.executeCommand<T>(command, ...rest);
}

export function getWorkspaceFolders(): readonly WorkspaceFolder[] {
    return workspace.workspaceFolders ?? [];
}

export function isTrusted(): boolean {
    return workspace.isTrusted;
}

export function onDidGrantWorkspaceTrust(listener: () => unknown): Disposable {
    return workspace.onDidGrantWorkspaceTrust(listener);
}

export function getExtension<T>(id: string) {
    return extensions.getExtension<T>(id);
}

export function onDidChangeExtensions(listener: () => unknown): Disposable {
    return extensions.onDidChange(listener);
}

export function createStatusBarItem(id: string, name: string): StatusBarItem {
    const item = window.createStatusBarItem(id, StatusBarAlignment.Right, 100);
    item.name = name;
    return item;
}

export function createTerminal(options: TerminalOptions): Terminal {
    return window.createTerminal(options);
}

export function onDidCloseTerminal(listener: (t: Terminal) => unknown): Disposable {
    return window.onDidCloseTerminal(listener);
}

export async function copyToClipboard(text: string): Promise<void> {
    await env.clipboard.writeText(text);
}

export function homeDir(): string | undefined {
    return process.env.HOME ?? process.env.USERPROFILE;
}

export function parseUri(value: string): Uri {
    return Uri.parse(value);
}

export { window };

export function openExternal(url: string): Thenable<boolean> {
    return env.openExternal(Uri.parse(url));
}
