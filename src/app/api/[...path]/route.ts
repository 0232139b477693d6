import { unknownApiPath } from "@/server/trpc/openapi-handler";

// Any /api path no route owns answers with the error envelope, like the API surfaces do.
export const dynamic = "force-dynamic";

export {
  unknownApiPath as GET,
  unknownApiPath as POST,
  unknownApiPath as PUT,
  unknownApiPath as PATCH,
  unknownApiPath as DELETE,
};
