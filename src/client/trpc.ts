"use client";

import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { TAppRouter } from "@/server/routers/root";

/** The console's typed hooks; the router is imported as a type only, so no server code ships. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<TAppRouter>();
