// What the end-to-end test runs besides the browser: code-server with a private user-data and
// extensions folder, and a fake OpenAI-compatible endpoint that counts the requests it gets.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const HERE = dirname(fileURLToPath(import.meta.url));
export const CODE_SERVER = join(HERE, "node_modules", ".bin", "code-server");

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` (sync or async) until it returns a truthy value; throws after `ms`. */
export async function until(what, probe, ms, every = 250) {
    const deadline = Date.now() + ms;
    let last;
    for (;;) {
        try {
            last = await probe();
            if (last) return last;
        } catch (err) {
            last = err;
        }
        if (Date.now() > deadline) {
            throw new Error(`timed out after ${ms / 1000} s waiting for ${what}` + (last ? ` (last: ${String(last).slice(0, 300)})` : ""));
        }
        await sleep(every);
    }
}

/**
 * The answer of a model that finds every sentence consistent: for docfact's batched prompt (a
 * `sentences` data block of numbered sentences, criteria listed as "- C1 (...") one verdict per
 * sentence and criterion, as tests/llm_fake_server.py gives; "1" (consistent) to anything else.
 */
function consistentAnswer(body) {
    let text = "";
    try {
        text = JSON.parse(body).messages.map((m) => String(m.content ?? "")).join("\n");
    } catch {
        return "1";
    }
    const blocks = Object.fromEntries([...text.matchAll(/<data name="([\w-]+)"[^>]*>\n?([^]*?)\n?<\/data>/g)].map((m) => [m[1], m[2]]));
    if (!("sentences" in blocks)) return "1";
    const outside = text.replace(/<data name="([\w-]+)"[^>]*>\n?([^]*?)\n?<\/data>/g, "");
    const criteria = [...outside.matchAll(/^- (C\d) \(/gm)].map((m) => m[1]);
    const verdicts = [...blocks.sentences.matchAll(/^(\d+)\. /gm)].map((m) =>
        Object.fromEntries([["sentence", Number(m[1])], ...criteria.map((c) => [c, 1])]));
    return JSON.stringify({ verdicts });
}

/**
 * A chat-completions endpoint on 127.0.0.1 that records every request and answers as a model
 * that finds nothing wrong. Only the requests it gets matter to the test.
 */
export async function startFakeLlm() {
    const requests = [];
    const server = createServer((req, res) => {
        let body = "";
        req.on("data", (c) => (body += c));
        req.on("end", () => {
            requests.push({ method: req.method, url: req.url, body });
            const answer = { id: "fake", object: "chat.completion", model: "fake",
                choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: consistentAnswer(body) } }],
                usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
            res.writeHead(200, { "content-type": "application/json" });
            res.end(JSON.stringify(answer));
        });
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    return {
        baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
        requests,
        close: () => new Promise((r) => server.close(r)),
    };
}

/** `code-server --install-extension` into the private folders; returns the installed folder. */
export function installExtension(vsix, dirs) {
    const r = spawnSync(CODE_SERVER, ["--config", dirs.config, "--user-data-dir", dirs.userData, "--extensions-dir", dirs.extensions,
        "--install-extension", vsix], { encoding: "utf8", timeout: 120_000 });
    if (r.status !== 0 || !/successfully installed/.test(r.stdout)) {
        throw new Error(`code-server --install-extension ${vsix} failed (${r.status ?? r.error}):\n${r.stdout}\n${r.stderr}`);
    }
    const manifest = JSON.parse(readFileSync(join(dirs.extensions, "extensions.json"), "utf8"));
    const entry = manifest.find((e) => e.identifier.id === "docfact.docfact");
    if (!entry) throw new Error(`docfact.docfact not in ${dirs.extensions}/extensions.json`);
    return join(dirs.extensions, entry.relativeLocation);
}

/** Private folders for one code-server, with user settings that keep the UI quiet and predictable. */
export function codeServerDirs(root, userSettings) {
    const dirs = { userData: join(root, "user-data"), extensions: join(root, "extensions"), config: join(root, "config.yaml"),
        log: join(root, "code-server.log") };
    mkdirSync(join(dirs.userData, "User"), { recursive: true });
    mkdirSync(dirs.extensions, { recursive: true });
    writeFileSync(dirs.config, "auth: none\ncert: false\n");
    writeFileSync(join(dirs.userData, "User", "settings.json"), JSON.stringify(userSettings, null, 2));
    return dirs;
}

/** Starts code-server on 127.0.0.1 (a free port, no auth); resolves with its URL once it listens. */
export async function startCodeServer(dirs, env = process.env) {
    const out = createWriteStream(dirs.log);
    const child = spawn(CODE_SERVER, ["--config", dirs.config, "--bind-addr", "127.0.0.1:0", "--auth", "none",
        "--user-data-dir", dirs.userData, "--extensions-dir", dirs.extensions, "--disable-telemetry",
        "--disable-update-check", "--disable-getting-started-override"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    const collect = (chunk) => {
        text += chunk;
        out.write(chunk);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const exited = new Promise((r) => child.on("exit", (code, signal) => r(`exited (${code ?? signal})`)));
    const url = await Promise.race([
        until("code-server to listen", () => text.match(/HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1], 60_000),
        exited.then((why) => {
            throw new Error(`code-server ${why} before it listened:\n${text}`);
        }),
    ]);
    return {
        url,
        log: () => text,
        async stop() {
            if (child.exitCode !== null || child.signalCode !== null) return;
            try {
                process.kill(-child.pid, "SIGTERM"); // its process group: the extension host and the docfact server too
            } catch {
                return;
            }
            const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
            if (!done) {
                try {
                    process.kill(-child.pid, "SIGKILL");
                } catch {
                    /* already gone */
                }
            }
            out.end();
        },
    };
}
