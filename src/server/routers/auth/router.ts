import { router } from "@/server/trpc/init";
import { createToken } from "./create-token";
import { whoami } from "./whoami";

export const authRouter = router({ createToken, whoami });
