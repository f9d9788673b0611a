// Runs the compiled tests (out/test/<kind>/*.test.js) with node:test; `unit` or `integration` narrows.
import { spawnSync } from "child_process";
import { existsSync, readdirSync } from "fs";
import { join } from "path";

const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ["unit", "integration"];
const files = kinds.flatMap((k) => {
    const dir = join("out", "test", k);
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".test.js")).map((f) => join(dir, f)) : [];
});
if (files.length === 0) {
    console.error("no compiled tests found: run `npm run compile-tests` first");
    process.exit(1);
}
const r = spawnSync(process.execPath, ["--test", "--test-reporter=spec", ...files], { stdio: "inherit" });
process.exit(r.status ?? 1);
