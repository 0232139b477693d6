import { openApiDocument } from "@/server/trpc/openapi-document";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(): Response {
  return Response.json(openApiDocument("v1"));
}
