import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { normalizeRegisteredReturnUrl, RETURN_URLS_MAX } from "@/server/oauth/return-to";

/** GET /platform/oauth-return-urls: the platform's registered return URLs (the same list /admin edits). */
export async function readReturnUrls(platformId: string): Promise<{ urls: string[] }> {
  const platform = await db().partnerPlatform.findUniqueOrThrow({
    where: { id: platformId },
    select: { returnUrls: true },
  });
  return { urls: platform.returnUrls };
}

/**
 * PUT /platform/oauth-return-urls: replaces the list. Each URL is normalized (WHATWG) and
 * checked as a prefix (https, or http on loopback; no userinfo, query, fragment, backslash or
 * encoded slash or dot); duplicates collapse. An empty list leaves no connect link startable.
 */
export async function putReturnUrls(platformId: string, urls: string[]): Promise<{ urls: string[] }> {
  if (urls.length > RETURN_URLS_MAX)
    throw new AppError("VALIDATION", `urls: at most ${RETURN_URLS_MAX} return URLs.`, { details: { field: "urls" } });
  const normalized = [...new Set(urls.map((url, index) => normalizeRegisteredReturnUrl(url, `urls.${index}`)))];
  await db().partnerPlatform.update({
    where: { id: platformId },
    data: { returnUrls: normalized },
    select: { id: true },
  });
  return { urls: normalized };
}
