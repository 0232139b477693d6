import { handleOpenApiRequest } from "@/server/trpc/openapi-handler";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handle = (req: Request) => handleOpenApiRequest(req, "v1");
export {
  handle as GET,
  handle as POST,
  handle as PUT,
  handle as PATCH,
  handle as DELETE,
  handle as HEAD,
  handle as OPTIONS,
};
