import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { join } from "node:path";
import {
    ACTIONS,
    chooseSource,
    classifyCheckFailure,
    defaultPython,
    importStrategy,
    problemMessage,
    PYTHON_DOWNLOAD_URL,
    ServerSource,
    displayCommand,
    InterpreterInputs,
    normalizeSetting,
    pipInstall,
    resolveInterpreter,
    serverEnv,
    serverLaunch,
    serverProcess,
    substitute,
    versionCheck,
} from "../../src/interpreter";

const vars = { workspaceFolder: "/ws", userHome: "/home/u", env: { VENV: "/opt/venv" } };

function inputs(over: Partial<InterpreterInputs>): InterpreterInputs {
    return { setting: undefined, platform: "linux", vars, trusted: true, workspaceFolders: ["/ws"], ...over };
}

const pythonExt = (executable?: string, version = { major: 3, minor: 12 }) => async () =>
    executable ? { executable, version } : undefined;

describe("interpreter resolution order", () => {
    const cases: Array<[string, Partial<InterpreterInputs>, string[], string]> = [
        ["setting as a string wins", { setting: "/usr/bin/python3.12", pythonExtension: pythonExt("/ext/python") }, ["/usr/bin/python3.12"], "setting"],
        ["setting as an array keeps extra arguments", { setting: ["py", "-3.12"] }, ["py", "-3.12"], "setting"],
        ["variables in the setting are expanded", { setting: "${workspaceFolder}/.venv/bin/python" }, ["/ws/.venv/bin/python"], "setting"],
        ["env variables in the setting are expanded", { setting: ["${env:VENV}/bin/python"] }, ["/opt/venv/bin/python"], "setting"],
        ["~ in the setting is the home folder", { setting: "~/venv/bin/python" }, ["/home/u/venv/bin/python"], "setting"],
        ["empty setting falls through to the Python extension", { setting: [], pythonExtension: pythonExt("/ext/python") }, ["/ext/python"], "python-extension"],
        ["blank string falls through", { setting: "  ", pythonExtension: pythonExt("/ext/python") }, ["/ext/python"], "python-extension"],
        ["non-string setting is ignored", { setting: [3], pythonExtension: pythonExt("/ext/python") }, ["/ext/python"], "python-extension"],
        ["no Python extension: python3", {}, ["python3"], "default"],
        ["no Python extension on Windows: python", { platform: "win32" }, ["python"], "default"],
        ["Python extension without active interpreter: python3", { pythonExtension: pythonExt(undefined) }, ["python3"], "default"],
        ["Python extension interpreter too old: python3", { pythonExtension: pythonExt("/old/python", { major: 3, minor: 8 }) }, ["python3"], "default"],
        ["Python extension failing: python3", { pythonExtension: async () => { throw new Error("boom"); } }, ["python3"], "default"],
        ["untrusted: interpreter inside the workspace is not run", { trusted: false, pythonExtension: pythonExt("/ws/.venv/bin/python") }, ["python3"], "default"],
        ["untrusted: interpreter outside the workspace is fine", { trusted: false, pythonExtension: pythonExt("/usr/bin/python3") }, ["/usr/bin/python3"], "python-extension"],
        ["trusted: interpreter inside the workspace is fine", { pythonExtension: pythonExt("/ws/.venv/bin/python") }, ["/ws/.venv/bin/python"], "python-extension"],
    ];
    for (const [name, over, command, source] of cases) {
        it(name, async () => {
            const r = await resolveInterpreter(inputs(over));
            assert.deepEqual(r.command, command);
            assert.equal(r.source, source);
        });
    }

    it("explains why the Python extension was not used", async () => {
        const r = await resolveInterpreter(inputs({ trusted: false, pythonExtension: pythonExt("/ws/venv/python") }));
        assert.match(r.notes.join("\n"), /untrusted/);
        const none = await resolveInterpreter(inputs({}));
        assert.match(none.notes.join("\n"), /ms-python\.python.*not installed/);
    });

    it("does not ask the Python extension when the setting is given", async () => {
        let asked = false;
        await resolveInterpreter(inputs({ setting: "/p", pythonExtension: async () => ((asked = true), undefined) }));
        assert.equal(asked, false);
    });
});

const ENV: ServerSource = { kind: "environment" };
const BUNDLE = join("/ext", "bundled");
const BUNDLED: ServerSource = { kind: "bundled", dir: BUNDLE };

describe("import strategy", () => {
    it("uses the bundled server unless fromEnvironment is set", () => {
        assert.equal(importStrategy(undefined), "useBundled");
        assert.equal(importStrategy("useBundled"), "useBundled");
        assert.equal(importStrategy("nonsense"), "useBundled");
        assert.equal(importStrategy("fromEnvironment"), "fromEnvironment");
    });
    it("takes the bundle when launch.py and libs/ are there", () => {
        const all = () => true;
        assert.deepEqual(chooseSource("useBundled", BUNDLE, all), { source: BUNDLED });
        assert.deepEqual(chooseSource("fromEnvironment", BUNDLE, all), { source: ENV });
    });
    it("falls back to the interpreter's docfact, saying why, when the build has no bundle", () => {
        const onlyLauncher = (p: string) => p.endsWith("launch.py");
        const r = chooseSource("useBundled", BUNDLE, onlyLauncher);
        assert.deepEqual(r.source, ENV);
        assert.match(r.note ?? "", /no bundled server/);
    });
});

describe("launch commands", () => {
    it("starts the interpreter's server as <python> -m docfact serve", () => {
        assert.deepEqual(serverLaunch(["/v/bin/python"], ENV), { command: "/v/bin/python", args: ["-m", "docfact", "serve"] });
        assert.deepEqual(serverLaunch(["py", "-3.12"], ENV), { command: "py", args: ["-3.12", "-m", "docfact", "serve"] });
    });
    it("starts the bundled server as <python> <bundle>/launch.py serve", () => {
        assert.deepEqual(serverLaunch(["py", "-3.12"], BUNDLED), { command: "py", args: ["-3.12", join(BUNDLE, "launch.py"), "serve"] });
        assert.deepEqual(versionCheck(["python3"], BUNDLED), { command: "python3", args: [join(BUNDLE, "launch.py"), "--version"] });
    });
    it("hands the client library a plain stdio process, so no --stdio is appended", () => {
        const p = serverProcess(["python3"], ENV, "/ws", { PATH: "/bin" });
        assert.deepEqual(p.args, ["-m", "docfact", "serve"]);
        assert.equal(p.options.cwd, "/ws");
        assert.equal(p.options.env.PYTHONSAFEPATH, "1");
        assert.ok(!("transport" in p));
    });
    it("checks the installation by printing docfact.__version__", () => {
        const c = versionCheck(["python3"], ENV);
        assert.equal(c.command, "python3");
        assert.deepEqual(c.args.slice(0, 1), ["-c"]);
        assert.match(c.args[1], /import docfact.*__version__/);
    });
    it("offers an install from the docfact repository into the same interpreter, never a PyPI name", () => {
        const src = '"<path to a docfact clone or wheel>"';
        assert.deepEqual(pipInstall(["py", "-3.12"]).args.slice(0, 4), ["-3.12", "-m", "pip", "install"]);
        assert.equal(displayCommand(pipInstall(["python3"]), "linux"), `python3 -m pip install ${src}`);
        assert.equal(
            displayCommand(pipInstall(["/My Envs/bin/python"]), "linux"),
            `"/My Envs/bin/python" -m pip install ${src}`,
        );
        assert.equal(
            displayCommand(pipInstall(["C:\\Program Files\\Python312\\python.exe"]), "win32"),
            `& "C:\\Program Files\\Python312\\python.exe" -m pip install ${src}`,
        );
        assert.ok(!pipInstall(["python3"]).args.includes("docfact"));
    });
    it("keeps Python from importing the current folder", () => {
        const env = serverEnv({ PATH: "/bin", UNSET: undefined });
        assert.equal(env.PYTHONSAFEPATH, "1");
        assert.equal(env.PATH, "/bin");
        assert.ok(!("UNSET" in env));
    });
    it("defaults per platform", () => {
        assert.deepEqual(defaultPython("darwin"), ["python3"]);
        assert.deepEqual(defaultPython("win32"), ["python"]);
    });
    it("substitutes only known variables", () => {
        assert.equal(substitute("${userHome}/x ${unknown} ${env:NOPE}", vars), "/home/u/x ${unknown} ");
        assert.deepEqual(normalizeSetting(undefined, vars), []);
    });
});

describe("start problems", () => {
    it("tells a missing Python apart from the launcher's exit codes", () => {
        assert.deepEqual(classifyCheckFailure(BUNDLED, { spawnError: "ENOENT", stderr: "" }), { kind: "noPython" });
        assert.deepEqual(classifyCheckFailure(BUNDLED, { exitCode: 3, stderr: "docfact needs Python 3.11 or newer; this is Python 3.10 (/usr/bin/python3).\n" }), {
            kind: "tooOld",
            detail: "docfact needs Python 3.11 or newer; this is Python 3.10 (/usr/bin/python3).",
        });
        assert.equal(classifyCheckFailure(BUNDLED, { exitCode: 4, stderr: "bundles for 3.11\n" }).kind, "unsupportedPython");
        assert.equal(classifyCheckFailure(BUNDLED, { exitCode: 1, stderr: "Traceback\nImportError: x\n" }).kind, "broken");
        assert.equal(classifyCheckFailure(ENV, { exitCode: 1, stderr: "ModuleNotFoundError: No module named 'docfact'\n" }).kind, "notInstalled");
    });
    it("links to python.org when there is no suitable Python", () => {
        for (const problem of [{ kind: "noPython" } as const, { kind: "tooOld", detail: "this is Python 3.8." } as const]) {
            const m = problemMessage(problem, "python3", "python3 -m pip install docfact", false);
            assert.ok(m.message.includes(PYTHON_DOWNLOAD_URL), m.message);
            assert.match(m.message, /3\.11/);
            assert.deepEqual(m.actions, [ACTIONS.download, ACTIONS.settings]);
        }
        const withExt = problemMessage({ kind: "noPython" }, "python3", "", true);
        assert.deepEqual(withExt.actions, [ACTIONS.download, ACTIONS.select, ACTIONS.settings]);
        assert.match(withExt.message, /"python3" was not found/);
    });
    it("offers the pip command only for the interpreter's own docfact", () => {
        const m = problemMessage({ kind: "notInstalled", detail: "" }, "/v/bin/python", "/v/bin/python -m pip install docfact", false);
        assert.match(m.message, /not published on PyPI yet: use the server bundled with this extension/);
        assert.match(m.message, /\/v\/bin\/python -m pip install docfact$/);
        assert.deepEqual(m.actions.slice(0, 2), [ACTIONS.bundled, ACTIONS.copy]);
        const u = problemMessage({ kind: "unsupportedPython", detail: "bundled for Python 3.11, 3.12." }, "python3", "", false);
        assert.match(u.message, /fromEnvironment/);
        assert.ok(!u.actions.includes(ACTIONS.bundled));
    });
});
