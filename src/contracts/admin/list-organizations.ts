import { z } from "zod";

export const ZListOrganizationsResponse = z.object({
  organizations: z.array(z.object({ id: z.uuid(), name: z.string(), slug: z.string() })),
});

export type TListOrganizationsResponse = z.infer<typeof ZListOrganizationsResponse>;
