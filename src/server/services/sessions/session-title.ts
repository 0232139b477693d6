/** Titles are cut here, with an ellipsis, so lists stay one line. */
export const SESSION_TITLE_MAX = 120;

/**
 * The one title rule for new sessions: the title as given (trimmed); otherwise the first line of
 * the first message, after `prefix: ` when there is one (a trigger's name, a flow step); cut to
 * SESSION_TITLE_MAX characters with an ellipsis.
 */
export function sessionTitle(o: { title?: string; titlePrefix?: string; message: string }): string {
  const given = o.title?.trim();
  const firstLine = o.message.split(/\r?\n/)[0]!.trim();
  const title = given || (o.titlePrefix ? `${o.titlePrefix}: ${firstLine}` : firstLine);
  return title.length > SESSION_TITLE_MAX ? `${title.slice(0, SESSION_TITLE_MAX - 1)}…` : title;
}
