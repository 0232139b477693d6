import { notFound } from "next/navigation";
import { findAppError } from "@/server/errors";

export type TLoaded<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Reads what a detail page is about. Unknown ids (and other organizations' ids) are the
 * page's 404; a known item the person's role does not let them see is explained instead.
 */
export async function loadOrNotFound<T>(load: () => Promise<T>): Promise<TLoaded<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    const appError = findAppError(error);
    if (appError?.code === "NOT_FOUND") notFound();
    if (appError?.code === "FORBIDDEN") return { ok: false, message: appError.message };
    throw error;
  }
}
