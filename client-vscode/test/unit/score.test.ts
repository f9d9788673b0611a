import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Debouncer, isScoreResult, percent, scoreMessage, statusText } from "../../src/score";

describe("score display", () => {
    it("shows the file score as a percentage", () => {
        const s = statusText({ file: 0.875, project: 0.9, docstrings: 4 });
        assert.equal(s.text, "$(book) 88%");
        assert.match(s.tooltip, /88%.*4 docstrings.*project 90%.*Problems/);
    });
    it("shows a dash when nothing was judged", () => {
        assert.equal(statusText({ file: null, project: null, docstrings: 0 }).text, "$(book) —");
        assert.equal(percent(null), "—");
    });
    it("recognises the showScore result", () => {
        assert.ok(isScoreResult({ file: 1, project: null, docstrings: 2 }));
        assert.ok(!isScoreResult({ file: "1" }));
        assert.ok(!isScoreResult(null));
        assert.match(scoreMessage({ file: 1, project: 0.5, docstrings: 1 }), /100%.*1 docstring or comment judged.*50%/);
    });
    it("debounces", async () => {
        let n = 0;
        const d = new Debouncer(20, () => n++);
        d.trigger();
        d.trigger();
        d.trigger();
        await new Promise((r) => setTimeout(r, 60));
        assert.equal(n, 1);
    });
});
