import NextAuth from "next-auth";
import { nextAuthOptions } from "@/server/auth/next-auth-options";
import { ready } from "@/server/db/client";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type TRouteContext = { params: Promise<{ nextauth: string[] }> };

async function handle(req: Request, context: TRouteContext): Promise<Response> {
  await ready();
  return NextAuth(req as never, context as never, await nextAuthOptions()) as Promise<Response>;
}

export { handle as GET, handle as POST };
