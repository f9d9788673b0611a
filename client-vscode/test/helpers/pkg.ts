// package.json of the extension, and the settings a fresh VS Code would hand to the extension.
import { readFileSync } from "fs";
import { resolve } from "path";

export const ROOT = resolve(__dirname, "..", "..", "..");

export interface Contributed {
    type?: string | string[];
    default?: unknown;
    enum?: string[];
    scope?: string;
    description?: string;
    markdownDescription?: string;
    items?: { enum?: string[] };
    properties?: Record<string, { enum?: string[] }>;
}

export const pkg = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8"));

export const contributed: Record<string, Contributed> = pkg.contributes.configuration.properties;

/** `getConfiguration("docfact").get(key)` with nothing set by the user: the contributed default. */
export function defaultsGetter(overrides: Record<string, unknown> = {}) {
    return (key: string): unknown => (key in overrides ? overrides[key] : contributed[`docfact.${key}`]?.default);
}
