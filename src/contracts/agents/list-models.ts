import { z } from "zod";

/** The console's model picker: what this installation can run (no OpenAPI route: console only). */
export const ZListModelsRequest = z.strictObject({});
export type TListModelsRequest = z.infer<typeof ZListModelsRequest>;

export const ZRunnableModel = z.object({ id: z.string(), description: z.string() });
export type TRunnableModel = z.infer<typeof ZRunnableModel>;

export const ZModelProvider = z.object({
  prefix: z.string().meta({ description: "Model ids of this provider start with it, e.g. openai:." }),
  configured: z.boolean(),
  needs: z.string().meta({ description: "The setting that configures the provider." }),
});
export type TModelProvider = z.infer<typeof ZModelProvider>;

export const ZListModelsResponse = z.object({ models: z.array(ZRunnableModel), providers: z.array(ZModelProvider) });
export type TListModelsResponse = z.infer<typeof ZListModelsResponse>;
