import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/routers/root";
import { createContext } from "@/server/trpc/context";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handle = (req: Request) =>
  fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: () => createContext(req, "console") });

export { handle as GET, handle as POST };
