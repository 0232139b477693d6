import { unknownApiPath } from "@/server/trpc/openapi-handler";

// Any /api path no route owns answers with the error envelope, like the API surfaces do.
export const dynamic = "force-dynamic";

const handle = (req: Request) => unknownApiPath(req);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
