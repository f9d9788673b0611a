// The status bar item: the current file's documentation score; a click opens the Problems view.
import { Disposable, languages, StatusBarItem, TextEditor, ThemeColor, window } from "vscode";
import { LANGUAGES } from "./commands";
import { Debouncer, isScoreResult, statusText } from "./score";
import type { ServerManager, ServerState } from "./server";
import { createStatusBarItem } from "./vscodeapi";

export class ScoreStatus implements Disposable {
    private readonly item: StatusBarItem;
    private readonly debouncer = new Debouncer(750, () => void this.refresh());
    private readonly disposables: Disposable[] = [];
    private manager: ServerManager | undefined;
    private generation = 0;

    constructor() {
        this.item = createStatusBarItem("docfact.score", "docfact score");
        this.item.command = "workbench.actions.view.problems";
        this.disposables.push(
            this.item,
            window.onDidChangeActiveTextEditor(() => this.schedule()),
            languages.onDidChangeDiagnostics((e) => {
                const uri = window.activeTextEditor?.document.uri.toString();
                if (uri && e.uris.some((u) => u.toString() === uri)) {
                    this.schedule();
                }
            }),
        );
    }

    attach(manager: ServerManager): void {
        this.manager = manager;
    }

    onServerState(state: ServerState): void {
        if (state === "notInstalled" || state === "failed") {
            this.item.text = "$(warning) docfact";
            this.item.tooltip =
                state === "notInstalled"
                    ? "docfact is not installed in the selected Python interpreter. See the docfact output."
                    : "The docfact server did not start. See the docfact output.";
            this.item.command = "docfact.restart";
            this.item.backgroundColor = new ThemeColor("statusBarItem.warningBackground");
            this.item.show();
            return;
        }
        this.item.command = "workbench.actions.view.problems";
        this.item.backgroundColor = undefined;
        this.schedule();
    }

    schedule(): void {
        this.debouncer.trigger();
    }

    private relevant(editor: TextEditor | undefined): editor is TextEditor {
        return !!editor && (LANGUAGES as readonly string[]).includes(editor.document.languageId);
    }

    private async refresh(): Promise<void> {
        const editor = window.activeTextEditor;
        if (this.manager?.state === "notInstalled" || this.manager?.state === "failed") {
            return;
        }
        if (!this.relevant(editor) || !this.manager?.running) {
            this.item.hide();
            return;
        }
        const generation = ++this.generation;
        try {
            const result = await this.manager.executeServerCommand("docfact.showScore", [editor.document.uri.toString()]);
            if (generation !== this.generation) {
                return; // a newer refresh is on its way
            }
            const { text, tooltip } = statusText(isScoreResult(result) ? result : undefined);
            this.item.text = text;
            this.item.tooltip = tooltip;
            this.item.show();
        } catch {
            if (generation === this.generation) {
                const { text, tooltip } = statusText(undefined);
                this.item.text = text;
                this.item.tooltip = tooltip;
                this.item.show();
            }
        }
    }

    dispose(): void {
        this.debouncer.cancel();
        for (const d of this.disposables) {
            d.dispose();
        }
    }
}
