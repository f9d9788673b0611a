// Status bar text for the `docfact.showScore` result, and a small debouncer. Pure.

export interface ScoreResult {
    file: number | null;
    project: number | null;
    docstrings: number;
}

export function isScoreResult(value: unknown): value is ScoreResult {
    if (typeof value !== "object" || value === null) {
        return false;
    }
    const v = value as Record<string, unknown>;
    const numOrNull = (x: unknown) => x === null || x === undefined || typeof x === "number";
    return numOrNull(v.file) && numOrNull(v.project) && (v.docstrings === undefined || typeof v.docstrings === "number");
}

export function percent(score: number | null | undefined): string {
    return typeof score === "number" && Number.isFinite(score) ? `${Math.round(score * 100)}%` : "—";
}

export function statusText(result: ScoreResult | undefined): { text: string; tooltip: string } {
    if (!result) {
        return { text: "$(book) docfact", tooltip: "docfact: no score yet. Click to open the Problems view." };
    }
    const n = result.docstrings ?? 0;
    if (result.file === null || result.file === undefined) {
        return {
            text: "$(book) —",
            tooltip: `docfact: nothing judged in this file. Project score: ${percent(result.project)}. Click to open the Problems view.`,
        };
    }
    return {
        text: `$(book) ${percent(result.file)}`,
        tooltip:
            `docfact: documentation score of this file ${percent(result.file)} ` +
            `(${n} docstring${n === 1 ? "" : "s"}/comment${n === 1 ? "" : "s"} judged); ` +
            `project ${percent(result.project)}. Click to open the Problems view.`,
    };
}

export function scoreMessage(result: ScoreResult): string {
    const n = result.docstrings ?? 0;
    return (
        `Documentation score: this file ${percent(result.file)} ` +
        `(${n} docstring${n === 1 ? "" : "s"} or comment${n === 1 ? "" : "s"} judged), ` +
        `project ${percent(result.project)}. 100% means every sentence was judged consistent with the code.`
    );
}

/** Calls `fn` once, `ms` after the last `trigger()`. */
export class Debouncer {
    private timer: ReturnType<typeof setTimeout> | undefined;
    constructor(
        private readonly ms: number,
        private readonly fn: () => void,
    ) {}
    trigger(): void {
        this.cancel();
        this.timer = setTimeout(() => {
            this.timer = undefined;
            this.fn();
        }, this.ms);
    }
    cancel(): void {
        if (this.timer !== undefined) {
            clearTimeout(this.timer);
            this.timer = undefined;
        }
    }
}
