import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
    affectsServer,
    answerSection,
    applyTrust,
    CLIENT_ONLY_KEYS,
    explicitValue,
    needsRestart,
    RESTRICTED_KEYS,
    SERVER_SETTING_KEYS,
    serverSettings,
} from "../../src/settings";
import { contributed, defaultsGetter, pkg } from "../helpers/pkg";

describe("package.json settings", () => {
    it("contributes exactly the server settings plus the client-only ones", () => {
        const expected = [...SERVER_SETTING_KEYS, ...CLIENT_ONLY_KEYS].map((k) => `docfact.${k}`).sort();
        assert.deepEqual(Object.keys(contributed).sort(), expected);
    });
    it("gives every setting a type, a default and a description", () => {
        for (const [key, c] of Object.entries(contributed)) {
            assert.ok(c.type, `${key}: type`);
            assert.ok("default" in c, `${key}: default`);
            assert.ok((c.description ?? c.markdownDescription ?? "").length > 20, `${key}: description`);
        }
    });
    it("says that llm.enabled sends source code away, and keeps it out of untrusted workspaces", () => {
        const llm = contributed["docfact.llm.enabled"];
        assert.equal(llm.default, false);
        assert.match(llm.markdownDescription ?? "", /source code.*sent/i);
        assert.equal(llm.scope, "machine-overridable");
        const trust = pkg.capabilities.untrustedWorkspaces;
        assert.equal(trust.supported, "limited");
        for (const k of ["docfact.llm.enabled", "docfact.llm.baseUrl", "docfact.interpreter"]) {
            assert.ok(trust.restrictedConfigurations.includes(k), k);
        }
    });
    it("declares engines.vscode consistent with @types/vscode", () => {
        assert.equal(pkg.engines.vscode, pkg.devDependencies["@types/vscode"]);
    });
});

describe("VS Code configuration -> server settings", () => {
    it("nests dotted keys and leaves client-only settings out", () => {
        const s = serverSettings(defaultsGetter({ interpreter: ["/p"], "trace.server": "verbose" }));
        assert.deepEqual(Object.keys(s).sort(), [
            "baseline", "cache", "checkComments", "criteria", "debounceMs", "exclude", "ignore", "llm",
            "maxFileSize", "perFileIgnores", "preview", "select", "severity", "trigger",
        ]);
        assert.equal((s.llm as Record<string, unknown>).baseUrl, "https://api.openai.com/v1");
        assert.equal((s.cache as Record<string, unknown>).enabled, true);
        assert.ok(!("interpreter" in s) && !("trace" in s));
    });
    it("passes rule selection through (rule ids as well as criteria)", () => {
        const s = serverSettings(defaultsGetter({ select: ["C1", "C3.calls-missing"], ignore: ["C1.unknown-name"], preview: false }));
        assert.deepEqual(s.select, ["C1", "C3.calls-missing"]);
        assert.deepEqual(s.ignore, ["C1.unknown-name"]);
        assert.equal(s.preview, false);
    });
    it("passes user values through", () => {
        const s = serverSettings(defaultsGetter({ "llm.enabled": true, "llm.model": "llama3", criteria: ["C1"] }));
        assert.deepEqual(s.criteria, ["C1"]);
        assert.deepEqual({ e: (s.llm as any).enabled, m: (s.llm as any).model }, { e: true, m: "llama3" });
    });
    it("omits keys VS Code has no value for", () => {
        assert.deepEqual(serverSettings((k) => (k === "trigger" ? "manual" : undefined)), { trigger: "manual" });
    });
});

describe("only values the user set go to the server", () => {
    it("takes folder over workspace over user, and nothing when only the default applies", () => {
        assert.equal(explicitValue("trigger", { globalValue: "manual", workspaceValue: "onType", workspaceFolderValue: "onSave" }, true), "onSave");
        assert.equal(explicitValue("trigger", { globalValue: "manual", workspaceValue: "onType" }, true), "onType");
        assert.equal(explicitValue("trigger", { globalValue: "manual" }, true), "manual");
        assert.equal(explicitValue("trigger", {}, true), undefined);
        assert.equal(explicitValue("trigger", undefined, true), undefined);
    });
    it("so that pyproject.toml is not overridden by editor defaults", () => {
        assert.deepEqual(serverSettings((k) => explicitValue(k, k === "criteria" ? { globalValue: ["C1"] } : {}, true)), { criteria: ["C1"] });
    });
    it("untrusted: restricted settings come from the user settings only", () => {
        const inspected = { globalValue: "https://mine", workspaceValue: "https://evil" };
        assert.equal(explicitValue("llm.baseUrl", inspected, false), "https://mine");
        assert.equal(explicitValue("llm.baseUrl", inspected, true), "https://evil");
        assert.equal(explicitValue("llm.model", { workspaceValue: "m" }, false), undefined);  // it comes with the endpoint
        assert.equal(explicitValue("trigger", { workspaceValue: "onType" }, false), "onType");
    });
    it("restricted keys are those declared in package.json", () => {
        assert.deepEqual(
            [...RESTRICTED_KEYS].map((k) => `docfact.${k}`).sort(),
            [...pkg.capabilities.untrustedWorkspaces.restrictedConfigurations].sort(),
        );
    });
});

describe("Workspace Trust", () => {
    const on = serverSettings(defaultsGetter({ "llm.enabled": true }));
    it("untrusted: the LLM judge is off whatever the settings say", () => {
        assert.equal((applyTrust(on, false).llm as any).enabled, false);
        assert.equal((applyTrust({}, false).llm as any).enabled, false);
        assert.equal((applyTrust({ llm: "junk" }, false).llm as any).enabled, false);
    });
    it("trusted: settings unchanged", () => {
        assert.deepEqual(applyTrust(on, true), { ...on, trustWorkspaceConfig: true });
        assert.equal(applyTrust(on, false).trustWorkspaceConfig, false);
    });
    it("does not modify its input", () => {
        applyTrust(on, false);
        assert.equal((on.llm as any).enabled, true);
    });
    it("answers workspace/configuration for docfact sections only", () => {
        const s = applyTrust(on, false);
        assert.equal((answerSection("docfact", s).value as any).llm.enabled, false);
        assert.equal((answerSection("docfact.llm", s).value as any).enabled, false);
        assert.deepEqual(answerSection("docfact.llm.enabled", s), { handled: true, value: false });
        assert.deepEqual(answerSection("docfact.nope", s), { handled: true, value: null });
        assert.equal(answerSection("python", s).handled, false);
        assert.equal(answerSection("docfactory", s).handled, false);
        assert.equal(answerSection(undefined, s).handled, false);
    });
});

describe("which changes restart the server", () => {
    const affects = (changed: string[]) => (section: string) => changed.some((c) => c === section || c.startsWith(section + "."));
    it("interpreter: restart", () => assert.equal(needsRestart(affects(["docfact.interpreter"])), true));
    it("server settings: sent to the running server", () => {
        assert.equal(needsRestart(affects(["docfact.llm.model"])), false);
        assert.equal(affectsServer(affects(["docfact.llm.model"])), true);
        assert.equal(affectsServer(affects(["python.defaultInterpreterPath"])), false);
    });
});
