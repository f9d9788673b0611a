// Bundles src/extension.ts and its dependencies into dist/extension.js (node_modules is not shipped).
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "fs";
import { createRequire } from "module";
import { dirname, join } from "path";

const production = !process.argv.includes("--dev");
await build({
    entryPoints: ["src/extension.ts"],
    bundle: true,
    outfile: "dist/extension.js",
    external: ["vscode"],
    format: "cjs",
    platform: "node",
    target: "node18",
    minify: production,
    sourcemap: !production,
    logLevel: "warning",
});
// vscode-languageclient stops the server on Linux/macOS with a script next to its code;
// in the bundle, "next to its code" is dist/.
const require = createRequire(import.meta.url);
const lib = dirname(require.resolve("vscode-languageclient/node"));
mkdirSync("dist", { recursive: true });
copyFileSync(join(lib, "lib", "node", "terminateProcess.sh"), "dist/terminateProcess.sh");
console.log("dist/extension.js built");
