import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CLIENT_COMMANDS, commandArguments, commandsLeftToLibrary, DOCUMENT_SELECTOR, resultMessage, SERVER_COMMANDS } from "../../src/commands";
import { pkg } from "../helpers/pkg";

describe("commands", () => {
    it("the palette has every command with its title", () => {
        const titles = Object.fromEntries(
            pkg.contributes.commands.map((c: { command: string; title: string; category: string }) => [c.command, `${c.category}: ${c.title}`]),
        );
        assert.deepEqual(Object.keys(titles).sort(), [...SERVER_COMMANDS, ...CLIENT_COMMANDS].sort());
        assert.equal(titles["docfact.checkDocument"], "docfact: Check Documentation: Current File");
        assert.equal(titles["docfact.checkWorkspace"], "docfact: Check Documentation: Workspace");
        assert.equal(titles["docfact.regenerateDocstring"], "docfact: Regenerate Docstring");
        assert.equal(titles["docfact.showScore"], "docfact: Show Documentation Score");
        assert.equal(titles["docfact.restart"], "docfact: Restart");
    });
    it("server commands the extension owns are not registered twice", () => {
        assert.deepEqual(commandsLeftToLibrary([...SERVER_COMMANDS, "docfact.applyFix"]), ["docfact.applyFix"]);
        assert.deepEqual(commandsLeftToLibrary(undefined), []);
    });
    it("passes the current file, and the cursor for regeneration", () => {
        const editor = { uri: "file:///a.py", languageId: "python", position: { line: 3, character: 4 } };
        assert.deepEqual(commandArguments("docfact.checkDocument", editor).args, ["file:///a.py"]);
        assert.deepEqual(commandArguments("docfact.showScore", editor).args, ["file:///a.py"]);
        assert.deepEqual(commandArguments("docfact.regenerateDocstring", editor).args, ["file:///a.py", { line: 3, character: 4 }]);
        assert.deepEqual(commandArguments("docfact.checkWorkspace", {}).args, []);
    });
    it("explains when there is no suitable editor", () => {
        assert.match(commandArguments("docfact.checkDocument", {}).error ?? "", /Open a Python, Java, TypeScript or JavaScript file/);
        assert.match(commandArguments("docfact.showScore", { uri: "file:///a.md", languageId: "markdown" }).error ?? "", /markdown/);
    });
    it("selects python, java, typescript and javascript files, saved and untitled", () => {
        const languages = ["python", "java", "typescript", "typescriptreact", "javascript", "javascriptreact"];
        assert.deepEqual(DOCUMENT_SELECTOR, languages.flatMap((language) => [
            { scheme: "file", language },
            { scheme: "untitled", language },
        ]));
        assert.deepEqual(pkg.activationEvents.sort(), languages.map((l) => `onLanguage:${l}`).sort());
    });

    it("summarises what the server commands return", () => {
        assert.equal(resultMessage("docfact.checkDocument", { findings: 1, score: 0.875 }), "docfact: 1 finding in this file, score 88%.");
        assert.equal(resultMessage("docfact.checkDocument", { findings: 0, score: null }), "docfact: 0 findings in this file.");
        assert.match(resultMessage("docfact.checkDocument", { skipped: "excluded by docfact.exclude" }) ?? "", /did not check.*excluded/);
        assert.equal(resultMessage("docfact.checkWorkspace", { files: 3, findings: 2 }), "docfact: checked 3 files, 2 findings (see the Problems view).");
        assert.match(resultMessage("docfact.regenerateDocstring", { applied: false, reason: "already up to date" }) ?? "", /not changed: already up to date/);
        assert.equal(resultMessage("docfact.regenerateDocstring", { applied: true }), undefined);
        assert.equal(resultMessage("docfact.checkWorkspace", null), undefined);
    });
});
