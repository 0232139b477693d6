import { z } from "zod";

/** Section 8: message length, counted after trimming. */
export const MESSAGE_MAX = 8_000;
export const APPROVAL_COMMENT_MAX = 2_000;

export const ZSessionMessageText = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(MESSAGE_MAX, `must be at most ${MESSAGE_MAX} characters`)
  .meta({ description: "The message, trimmed, 1-8,000 characters." });

/** A session id in a path. Any string: an id that is no visible session's is 404, never 400. */
export const ZSessionPathId = z.string().meta({ description: "The session's id (UUID)." });

export const SESSION_404 =
  "Missing or invalid personal key, or no session with this id that the key owner can see (NOT_FOUND).";
