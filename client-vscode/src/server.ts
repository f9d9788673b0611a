// Starts, stops and restarts the docfact language server; one instance per window.
import { execFile } from "child_process";
import { existsSync } from "fs";
import { join } from "path";
import { Disposable, LogOutputChannel, Uri } from "vscode";
import {
    DidChangeConfigurationNotification,
    ExecuteCommandRequest,
    LanguageClient,
    LanguageClientOptions,
    CloseAction,
    ErrorAction,
    RevealOutputChannelOn,
    ServerOptions,
} from "vscode-languageclient/node";
import { commandsLeftToLibrary, DOCUMENT_SELECTOR } from "./commands";
import {
    ACTIONS,
    chooseSource,
    classifyCheckFailure,
    displayCommand,
    importStrategy,
    pipInstall,
    problemMessage,
    PYTHON_DOWNLOAD_URL,
    resolveInterpreter,
    ResolvedInterpreter,
    ServerSource,
    serverEnv,
    serverProcess,
    StartProblem,
    versionCheck,
} from "./interpreter";
import { ClientOutput } from "./output";
import { activeInterpreter, isPythonExtensionInstalled } from "./python";
import { answerSection, applyTrust, explicitValue, serverSettings, ServerSettings } from "./settings";
import * as api from "./vscodeapi";

export type ServerState = "starting" | "running" | "notInstalled" | "failed" | "stopped";

type InstallCheck = { ok: true; version: string } | { ok: false; problem: StartProblem; output: string };

/** Runs the version check: the interpreter exists, is new enough, and can import the server. */
function checkServer(interpreter: string[], source: ServerSource, cwd: string, env: Record<string, string>): Promise<InstallCheck> {
    const { command, args } = versionCheck(interpreter, source);
    return new Promise((resolve) => {
        execFile(command, args, { cwd, env, timeout: 30_000, windowsHide: true }, (err, stdout, stderr) => {
            if (!err) {
                resolve({ ok: true, version: stdout.trim() });
                return;
            }
            const code = (err as NodeJS.ErrnoException).code;
            const problem = classifyCheckFailure(source, {
                spawnError: typeof code === "string" ? code : undefined,
                exitCode: typeof code === "number" ? code : undefined,
                stderr: stderr || "",
            });
            resolve({ ok: false, problem, output: (stderr || err.message).trim() });
        });
    });
}

export class ServerManager implements Disposable {
    private client: LanguageClient | undefined;
    private queue: Promise<void> = Promise.resolve();
    private restartQueued = false;
    private installTerminalWatch: Disposable | undefined;
    /** What the client library logs, one line each at its own level (see output.ts). */
    private readonly clientOutput: ClientOutput;
    state: ServerState = "stopped";
    interpreter: ResolvedInterpreter | undefined;

    constructor(
        private readonly extensionPath: string,
        private readonly log: LogOutputChannel,
        private readonly onStateChange: (state: ServerState) => void,
    ) {
        this.clientOutput = new ClientOutput(log);
    }

    get running(): LanguageClient | undefined {
        return this.state === "running" ? this.client : undefined;
    }

    /** Stop the current server (if any) and start a new one; calls made meanwhile coalesce. */
    restart(reason: string): Promise<void> {
        if (this.restartQueued) {
            return this.queue;
        }
        this.restartQueued = true;
        this.queue = this.queue.then(async () => {
            this.restartQueued = false;
            this.log.info(`(Re)starting the server: ${reason}`);
            await this.stopClient();
            await this.start();
        });
        return this.queue;
    }

    stop(): Promise<void> {
        this.queue = this.queue.then(() => this.stopClient());
        return this.queue;
    }

    dispose(): void {
        this.installTerminalWatch?.dispose();
        void this.stop().then(() => this.clientOutput.dispose());
    }

    /** Server settings for a folder (or the window), with the Workspace Trust override applied. */
    settingsFor(scope?: Uri): ServerSettings {
        const config = api.getConfiguration("docfact", scope);
        const trusted = api.isTrusted();
        return applyTrust(
            serverSettings((key) => explicitValue(key, config.inspect(key), trusted)),
            trusted,
        );
    }

    /** Tell the running server that settings changed (it may also pull them per folder). */
    async sendConfiguration(): Promise<void> {
        const client = this.running;
        if (!client) {
            return;
        }
        const folder = api.getWorkspaceFolders()[0]?.uri;
        await client.sendNotification(DidChangeConfigurationNotification.type, {
            settings: { docfact: this.settingsFor(folder) },
        });
    }

    async executeServerCommand(command: string, args: unknown[]): Promise<unknown> {
        const client = this.running;
        if (!client) {
            throw new Error(`the docfact server is not running (${this.state})`);
        }
        return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
    }

    private setState(state: ServerState): void {
        this.state = state;
        this.onStateChange(state);
    }

    private async stopClient(): Promise<void> {
        const client = this.client;
        this.client = undefined;
        if (client) {
            try {
                await client.stop(5000);
            } catch (err) {
                this.log.warn(`Stopping the server: ${String(err)}`);
            }
            await client.dispose().catch(() => undefined);
        }
        this.setState("stopped");
    }

    private async start(): Promise<void> {
        this.setState("starting");
        const folders = api.getWorkspaceFolders();
        const firstFolder = folders[0]?.uri;
        const trusted = api.isTrusted();
        const interpreter = await resolveInterpreter({
            setting: api.getConfiguration("docfact", firstFolder).get("interpreter"),
            pythonExtension: isPythonExtensionInstalled() ? () => activeInterpreter(firstFolder) : undefined,
            platform: process.platform,
            vars: { workspaceFolder: firstFolder?.fsPath, userHome: api.homeDir(), env: process.env },
            trusted,
            workspaceFolders: folders.map((f) => f.uri.fsPath),
        });
        this.interpreter = interpreter;
        this.log.info(`Python interpreter (${interpreter.source}): ${interpreter.command.join(" ")}`);
        for (const note of interpreter.notes) {
            this.log.info(`  (${note})`);
        }

        const strategy = importStrategy(api.getConfiguration("docfact", firstFolder).get("importStrategy"));
        const { source, note } = chooseSource(strategy, join(this.extensionPath, "bundled"), existsSync);
        this.log.info(
            source.kind === "bundled" ? `Server: bundled with the extension (${source.dir})` : "Server: docfact installed in the interpreter",
        );
        if (note) {
            this.log.info(`  (${note})`);
        }

        // Untrusted workspaces: do not run Python with the workspace as its current directory.
        const cwd = trusted && firstFolder?.scheme === "file" ? firstFolder.fsPath : this.extensionPath;
        const env = serverEnv(process.env);
        const check = await checkServer(interpreter.command, source, cwd, env);
        if (!check.ok) {
            this.log.error(`docfact cannot run with ${interpreter.command.join(" ")}: ${check.output}`);
            this.setState("notInstalled");
            void this.notifyProblem(interpreter, check.problem);
            return;
        }
        this.log.info(`docfact ${check.version} found`);

        const serverOptions: ServerOptions = serverProcess(interpreter.command, source, cwd, process.env);
        const clientOptions: LanguageClientOptions = {
            documentSelector: DOCUMENT_SELECTOR,
            outputChannel: this.clientOutput,
            traceOutputChannel: this.log,
            revealOutputChannelOn: RevealOutputChannelOn.Never,
            // The server offers pull diagnostics; ask again after a save, when docfact judges.
            diagnosticPullOptions: { onChange: true, onSave: true },
            initializationOptions: this.settingsFor(firstFolder),
            // A server that fails to initialize is reported once (see below), not retried.
            initializationFailedHandler: () => false,
            errorHandler: this.errorHandler(),
            middleware: {
                workspace: {
                    // The server pulls settings per folder; answer `docfact` sections ourselves so
                    // that client-only keys stay out and the trust override always applies.
                    configuration: async (params, token, next) => {
                        const results = await next(params, token);
                        if (!Array.isArray(results)) {
                            return results;
                        }
                        return params.items.map((item, i) => {
                            const scope = item.scopeUri ? api.parseUri(item.scopeUri) : undefined;
                            const answer = answerSection(item.section, this.settingsFor(scope));
                            return answer.handled ? answer.value : results[i];
                        });
                    },
                },
            },
        };
        const client = new LanguageClient("docfact", "docfact", serverOptions, clientOptions);
        keepOwnCommands(client);
        this.client = client;
        try {
            await client.start();
            this.setState("running");
        } catch (err) {
            this.log.error(`The server did not start: ${String(err)}`);
            this.setState("failed");
            void api.window
                .showErrorMessage(`docfact: the language server did not start (${String(err)}).`, "Show Log", "Restart")
                .then((choice) => {
                    if (choice === "Show Log") {
                        this.log.show();
                    } else if (choice === "Restart") {
                        void this.restart("restart requested after a failure");
                    }
                });
        }
    }

    /** Restart a server that crashes while running, at most 3 times in 3 minutes. */
    private errorHandler() {
        const crashes: number[] = [];
        return {
            error: () => ({ action: ErrorAction.Continue }),
            closed: () => {
                if (this.state !== "running") {
                    return { action: CloseAction.DoNotRestart, handled: true };
                }
                const now = Date.now();
                crashes.push(now);
                while (crashes.length && now - crashes[0] > 180_000) {
                    crashes.shift();
                }
                if (crashes.length > 3) {
                    this.setState("failed");
                    void api.window
                        .showErrorMessage("docfact: the language server stopped 4 times in 3 minutes and will not be restarted.", "Show Log", "Restart")
                        .then((choice) => {
                            if (choice === "Show Log") {
                                this.log.show();
                            } else if (choice === "Restart") {
                                void this.restart("restart requested after crashes");
                            }
                        });
                    return { action: CloseAction.DoNotRestart, handled: true };
                }
                this.log.warn("The server stopped unexpectedly; restarting it.");
                return { action: CloseAction.Restart, handled: true };
            },
        };
    }

    private async notifyProblem(interpreter: ResolvedInterpreter, problem: StartProblem): Promise<void> {
        const install = pipInstall(interpreter.command);
        const installLine = displayCommand(install, process.platform);
        const { message, actions } = problemMessage(problem, interpreter.command.join(" "), installLine, isPythonExtensionInstalled());
        const choice = await api.window.showWarningMessage(message, ...actions);
        switch (choice) {
            case ACTIONS.download:
                await api.openExternal(PYTHON_DOWNLOAD_URL);
                break;
            case ACTIONS.bundled:
                await api.getConfiguration("docfact").update("importStrategy", "useBundled", true);
                void this.restart("switched to the bundled server");
                break;
            case ACTIONS.copy:
                await api.copyToClipboard(installLine);
                void api.window.showInformationMessage(`Copied: ${installLine}. Replace the path, run it, then run \"docfact: Restart\".`);
                break;
            case ACTIONS.select:
                await api.executeCommand("python.setInterpreter");
                break;
            case ACTIONS.settings:
                await api.executeCommand(
                    "workbench.action.openSettings",
                    problem.kind === "unsupportedPython" ? "docfact.importStrategy" : "docfact.interpreter",
                );
                break;
            case ACTIONS.log:
                this.log.show();
                break;
        }
    }
}

/**
 * vscode-languageclient registers every command the server announces as a VS Code command; the
 * extension registers the docfact ones itself (with the current file and cursor as arguments),
 * so those are removed from what the library registers, avoiding a "command already exists" error.
 */
function keepOwnCommands(client: LanguageClient): void {
    const feature = (client as unknown as { getFeature(method: string): unknown }).getFeature(
        ExecuteCommandRequest.method,
    ) as { register(data: { id: string; registerOptions: { commands?: string[] } }): void } | undefined;
    if (!feature) {
        return;
    }
    const register = feature.register.bind(feature);
    feature.register = (data) =>
        register({ ...data, registerOptions: { ...data.registerOptions, commands: commandsLeftToLibrary(data.registerOptions.commands) } });
}
