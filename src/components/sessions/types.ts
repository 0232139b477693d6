import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "@/server/routers/root";

/** Session details as the console's client receives them (the GET session shape). */
export type TSessionDetails = inferRouterOutputs<TAppRouter>["sessionConsole"]["get"];
