// Drives the VS Code workbench in the browser as a user does: keyboard shortcuts, the command
// palette, quick open, and reading what is on screen (Problems view, hovers, notifications).
import { sleep, until } from "./harness.mjs";

export class Workbench {
    constructor(page) {
        this.page = page;
    }

    /** Presses a chord such as "Control+Shift+KeyM". */
    async chord(keys) {
        const parts = keys.split("+");
        for (const k of parts.slice(0, -1)) await this.page.keyboard.down(k);
        await this.page.keyboard.press(parts[parts.length - 1]);
        for (const k of parts.slice(0, -1).reverse()) await this.page.keyboard.up(k);
    }

    async waitReady() {
        await this.page.waitForSelector(".monaco-workbench .part.statusbar", { timeout: 90_000 });
        // The explorer shows the folder once the remote file system answers.
        await this.page.waitForSelector(".explorer-folders-view .monaco-list-row", { timeout: 90_000 });
    }

    /** Texts of the visible status bar items. */
    statusBar() {
        return this.page.$$eval(".part.statusbar .statusbar-item", (items) => items.map((i) => i.textContent.trim()).filter(Boolean));
    }

    /** The rows of the open quick input (palette or quick open), as their labels. */
    quickInputRows() {
        return this.page.$$eval(".quick-input-widget .quick-input-list .monaco-list-row", (rows) =>
            rows.map((r) => r.getAttribute("aria-label") || r.textContent || ""));
    }

    /** Types into the open quick input and accepts the first row whose label passes `accept`. */
    async pickQuickInput(text, accept, what) {
        await this.page.waitForSelector(".quick-input-widget .quick-input-box input", { visible: true, timeout: 15_000 });
        await this.page.keyboard.type(text, { delay: 10 });
        // The list re-renders while results arrive: find and click the row in one go, until it sticks.
        await until(what, async () => {
            for (const row of await this.page.$$(".quick-input-widget .quick-input-list .monaco-list-row")) {
                const label = await row.evaluate((r) => r.getAttribute("aria-label") || r.textContent || "");
                if (accept(label)) {
                    await row.click();
                    return true;
                }
            }
            return false;
        }, 30_000);
        await this.page.waitForSelector(".quick-input-widget", { hidden: true, timeout: 15_000 });
    }

    /** Runs a command from the command palette (F1) by its title as the palette shows it. */
    async runCommand(title) {
        await this.chord("F1");
        await this.pickQuickInput(title, (label) => label.toLowerCase().startsWith(title.toLowerCase()), `"${title}" in the command palette`);
    }

    /** Opens a workspace file with quick open (Ctrl+P) and waits for its editor. */
    async openFile(name, folderHint) {
        await this.chord("Control+KeyP");
        await this.pickQuickInput(name, (label) => label.includes(name) && (!folderHint || label.includes(folderHint)), `${name} in quick open`);
        await until(`the editor of ${name}`, () =>
            this.page.$eval(".editor-group-container.active .tab.active", (t) => t.getAttribute("aria-label") || t.textContent).then((l) => l.includes(name)), 30_000);
        await this.page.waitForSelector(".editor-group-container.active .monaco-editor .view-lines", { timeout: 30_000 });
    }

    /** Moves the cursor with Go to Line (Ctrl+G), 1-based like the CLI. */
    async gotoLine(line, column) {
        await this.chord("Control+KeyG");
        await this.page.waitForSelector(".quick-input-widget .quick-input-box input", { visible: true, timeout: 15_000 });
        await this.page.keyboard.type(`${line}:${column}`);
        await sleep(300);
        await this.page.keyboard.press("Enter");
        await this.page.waitForSelector(".quick-input-widget", { hidden: true, timeout: 15_000 });
        await until(`the cursor at ${line}:${column}`, async () => (await this.cursor()).includes(`Ln ${line}, Col ${column}`), 10_000);
    }

    /** The status bar's cursor position ("Ln 23, Col 13"). */
    async cursor() {
        return (await this.statusBar()).find((t) => /^Ln \d+, Col \d+/.test(t)) || "";
    }

    /** The rendered lines of the active editor, top to bottom (only the lines on screen). */
    editorLines() {
        return this.page.$$eval(".editor-group-container.active .monaco-editor .view-lines .view-line", (lines) =>
            lines.map((l) => ({ top: parseFloat(l.style.top) || 0, text: l.textContent.replace(/\u00a0/g, " ") }))
                .sort((a, b) => a.top - b.top).map((l) => l.text));
    }

    /**
     * Opens the Problems view (Ctrl+Shift+M) and returns the texts of all its rows (file rows
     * included), scrolling through the list: it renders only the rows on screen.
     */
    async problems() {
        if (!(await this.page.$(".markers-panel"))) {
            await this.chord("Control+Shift+KeyM");
            await this.page.waitForSelector(".markers-panel", { visible: true, timeout: 15_000 });
        }
        const list = await this.page.$(".markers-panel .monaco-list");
        const box = list && (await list.boundingBox());
        const read = () => this.page.$$eval(".markers-panel .monaco-list-row", (rows) =>
            rows.map((r) => ({ index: r.getAttribute("data-index"), text: `${r.getAttribute("aria-label") || ""}\n${r.textContent || ""}` })));
        const rows = new Map();
        if (box) await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        for (let i = 0; i < 50; i++) {
            const seen = rows.size;
            for (const r of await read()) rows.set(r.index, r.text);
            if (!box || (i > 0 && rows.size === seen)) break;
            await this.page.mouse.wheel({ deltaY: box.height / 2 });
            await sleep(150);
        }
        if (box && rows.size) {
            await this.page.mouse.wheel({ deltaY: -100_000 });
            await sleep(100);
        }
        return [...rows.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, text]) => text);
    }

    /** Shows the hover at the cursor (Ctrl+K Ctrl+I); returns its text once it passes `accept`. */
    async hoverAtCursor(accept, what) {
        await this.chord("Control+KeyK");
        await this.chord("Control+KeyI");
        let text = "";
        try {
            return await until(what, async () => {
                text = await this.page.$$eval(".monaco-hover:not(.hidden) .hover-contents", (parts) => parts.map((p) => p.textContent).join("\n"));
                return accept(text) ? text : null;
            }, 20_000);
        } catch (err) {
            err.message += `\n  the hover showed: ${JSON.stringify(text)}`;
            throw err;
        }
    }

    /** Opens the quick fix menu (Ctrl+.) at the cursor and returns its entries. */
    async quickFixes() {
        await this.chord("Control+Period");
        return until("the quick fix menu", async () => {
            const labels = await this.page.$$eval(".action-widget .monaco-list-row", (rows) =>
                rows.map((r) => r.getAttribute("aria-label") || r.textContent || ""));
            return labels.length ? labels : null;
        }, 20_000);
    }

    /** Clicks the quick fix whose label passes `accept` (the menu is open). */
    async applyQuickFix(accept) {
        const rows = await this.page.$$(".action-widget .monaco-list-row");
        for (const row of rows) {
            const label = await row.evaluate((r) => r.getAttribute("aria-label") || r.textContent || "");
            if (accept(label)) {
                await row.click();
                await this.page.waitForSelector(".action-widget", { hidden: true, timeout: 10_000 }).catch(() => undefined);
                return label;
            }
        }
        throw new Error("no such quick fix");
    }

    /** Messages of the notification toasts on screen. */
    notifications() {
        return this.page.$$eval(".notifications-toasts .notification-list-item-message", (items) => items.map((t) => t.textContent || ""));
    }

    /** Messages of every notification of the session (the notification center, opened and closed). */
    async allNotifications() {
        await this.runCommand("Notifications: Show Notifications");
        await this.page.waitForSelector(".notifications-center", { visible: true, timeout: 15_000 });
        await sleep(300);
        const messages = await this.page.$$eval(".notifications-center .notification-list-item-message", (items) => items.map((t) => t.textContent || ""));
        await this.runCommand("Notifications: Hide Notifications");
        return messages;
    }
}
