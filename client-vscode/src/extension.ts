// Entry point: wires the output channel, server manager, status bar, commands and change events.
import { ExtensionContext } from "vscode";
import { commandArguments, resultMessage, ServerCommand } from "./commands";
import { isPythonExtensionInstalled, onDidChangeInterpreter } from "./python";
import { isScoreResult, scoreMessage } from "./score";
import { ServerManager } from "./server";
import { affectsServer, needsRestart } from "./settings";
import { ScoreStatus } from "./statusbar";
import * as api from "./vscodeapi";

let manager: ServerManager | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
    const log = api.createOutputChannel("docfact");
    const status = new ScoreStatus();
    manager = new ServerManager(context.extensionPath, log, (state) => status.onServerState(state));
    status.attach(manager);
    const m = manager;
    context.subscriptions.push(log, status, m);

    const runServerCommand = async (command: ServerCommand): Promise<unknown> => {
        const editor = api.window.activeTextEditor;
        const { args, error } = commandArguments(command, {
            uri: editor?.document.uri.toString(),
            languageId: editor?.document.languageId,
            position: editor ? { line: editor.selection.active.line, character: editor.selection.active.character } : undefined,
        });
        if (error || !args) {
            void api.window.showInformationMessage(`docfact: ${error}`);
            return undefined;
        }
        if (!m.running) {
            const choice = await api.window.showWarningMessage(
                `docfact: the language server is not running (${m.state}).`,
                "Restart",
                "Show Log",
            );
            if (choice === "Restart") {
                await m.restart("restart requested");
            } else if (choice === "Show Log") {
                log.show();
            }
            return undefined;
        }
        try {
            return await m.executeServerCommand(command, args);
        } catch (err) {
            log.error(`${command}: ${String(err)}`);
            void api.window.showErrorMessage(`docfact: ${command} failed: ${err instanceof Error ? err.message : String(err)}`);
            return undefined;
        }
    };

    context.subscriptions.push(
        api.registerCommand("docfact.restart", () => m.restart("docfact: Restart command")),
        ...(["docfact.checkDocument", "docfact.checkWorkspace", "docfact.regenerateDocstring"] as const).map((command) =>
            api.registerCommand(command, async () => {
                const result = await runServerCommand(command);
                const message = resultMessage(command, result);
                if (message) {
                    void api.window.showInformationMessage(message);
                }
                return result;
            }),
        ),
        api.registerCommand("docfact.showScore", async () => {
            const result = await runServerCommand("docfact.showScore");
            if (isScoreResult(result)) {
                void api.window.showInformationMessage(`docfact: ${scoreMessage(result)}`);
            } else if (result !== undefined) {
                void api.window.showInformationMessage(`docfact: ${JSON.stringify(result)}`);
            }
            status.schedule();
        }),
        api.onDidChangeConfiguration((e) => {
            if (needsRestart((s) => e.affectsConfiguration(s))) {
                void m.restart("docfact.interpreter or docfact.importStrategy changed");
            } else if (affectsServer((s) => e.affectsConfiguration(s))) {
                void m.sendConfiguration();
            }
        }),
        api.onDidGrantWorkspaceTrust(() => m.restart("workspace trusted")),
    );

    if (isPythonExtensionInstalled()) {
        const sub = await onDidChangeInterpreter(() => {
            if (m.interpreter?.source !== "setting") {
                void m.restart("the Python extension's interpreter changed");
            }
        }).catch((err) => {
            log.warn(`Cannot follow the Python extension's interpreter: ${String(err)}`);
            return undefined;
        });
        if (sub) {
            context.subscriptions.push(sub);
        }
    }

    await m.restart("activation");
}

export async function deactivate(): Promise<void> {
    await manager?.stop();
    manager = undefined;
}
