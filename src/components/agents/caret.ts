/**
 * Where the caret of a textarea is, in pixels from the textarea's top-left corner: a hidden
 * copy of the textarea with the same box and font holds the text before the caret, and a
 * marker span after it lands where the caret is. (The technique of component/textarea-caret.)
 */
const COPIED = [
  "boxSizing",
  "width",
  "borderTopWidth",
  "borderRightWidth",
  "borderBottomWidth",
  "borderLeftWidth",
  "paddingTop",
  "paddingRight",
  "paddingBottom",
  "paddingLeft",
  "fontStyle",
  "fontVariant",
  "fontWeight",
  "fontStretch",
  "fontSize",
  "lineHeight",
  "fontFamily",
  "letterSpacing",
  "wordSpacing",
  "tabSize",
  "textTransform",
  "textIndent",
] as const;

export function caretPosition(textarea: HTMLTextAreaElement, offset: number): { top: number; left: number; lineHeight: number } {
  const computed = window.getComputedStyle(textarea);
  const copy = document.createElement("div");
  for (const property of COPIED) copy.style[property] = computed[property];
  copy.style.position = "absolute";
  copy.style.visibility = "hidden";
  copy.style.top = "0";
  copy.style.left = "-9999px";
  copy.style.whiteSpace = "pre-wrap";
  copy.style.overflowWrap = "break-word";
  copy.style.overflow = "hidden";
  copy.textContent = textarea.value.slice(0, offset);
  const marker = document.createElement("span");
  marker.textContent = textarea.value.slice(offset) || ".";
  copy.appendChild(marker);
  document.body.appendChild(copy);
  const lineHeight = Number.parseFloat(computed.lineHeight) || Number.parseFloat(computed.fontSize) * 1.5;
  const position = { top: marker.offsetTop - textarea.scrollTop, left: marker.offsetLeft - textarea.scrollLeft, lineHeight };
  copy.remove();
  return position;
}
