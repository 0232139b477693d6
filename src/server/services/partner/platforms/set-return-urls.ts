import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { PLATFORM_SELECT, platformNotFound, toPlatform } from "./to-platform";

/** An absolute http(s) URL without credentials or fragment; the message says which one is wrong. */
export function checkReturnUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError("VALIDATION", `“${value}” is not an absolute URL: write it with http:// or https://.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new AppError("VALIDATION", `“${value}” must start with http:// or https://.`);
  if (url.username || url.password)
    throw new AppError("VALIDATION", `“${value}” must not carry a user name or password.`);
  if (url.hash) throw new AppError("VALIDATION", `“${value}” must not have a #fragment.`);
  return value;
}

/** Replaces the platform's registered return URLs (connect links may send a person back only there). */
export async function setReturnUrls(platformId: string, returnUrls: string[]) {
  const urls = [...new Set(returnUrls.map((value) => checkReturnUrl(value.trim())))];
  const updated = await db().partnerPlatform.updateMany({ where: { id: platformId }, data: { returnUrls: urls } });
  if (updated.count === 0) throw platformNotFound();
  const row = await db().partnerPlatform.findUniqueOrThrow({ where: { id: platformId }, select: PLATFORM_SELECT });
  return { platform: toPlatform(row) };
}
