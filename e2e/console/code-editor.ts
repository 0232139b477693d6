import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The text of a CodeMirror editor found by its accessible name (its content element, a
 * role=textbox). CodeMirror renders one element per line, so the text is the lines joined
 * (small documents are rendered whole).
 */
export function editorText(editor: Locator): Promise<string> {
  return editor.evaluate((element) =>
    Array.from(element.querySelectorAll(":scope > .cm-line"), (line) => line.textContent ?? "").join("\n"),
  );
}

/**
 * Replaces an editor's whole document and waits until the editor reads back exactly that text,
 * filling again if it does not. On a loaded machine a fill right after navigation has left the
 * new text beside the loaded one (a YAML document with every key twice), and the save then failed.
 */
export async function replaceEditorText(editor: Locator, text: string): Promise<void> {
  await expect(async () => {
    await editor.fill(text);
    expect(await editorText(editor)).toBe(text);
  }).toPass({ timeout: 20_000 });
}

/** What is selected in the page (the editor keeps the DOM selection in step with its own). */
export function selectedText(page: Page): Promise<string> {
  return page.evaluate(() => document.getSelection()?.toString() ?? "");
}

/** The messages of the editor's diagnostics (lint marks) on its lines, in document order. */
export function diagnosticMarks(editor: Locator): Locator {
  return editor.locator(".cm-lintRange-error, .cm-lintRange-warning");
}
