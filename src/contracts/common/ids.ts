import { z } from "zod";

export const ZUuid = z.uuid({ message: "must be a UUID" });

export const ZIsoDateTime = z.iso.datetime({ offset: true }).meta({ description: "ISO-8601 timestamp." });
