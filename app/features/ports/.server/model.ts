import { z } from "zod";

/**
 * Ports and marinas: where boats are based and docks are offered (one document per port, id =
 * its slug).
 */

/** A port or marina where boats are based and docks are offered. */
export const portInputSchema = z.object({
  slug: z
    .string()
    .min(2)
    .max(60)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().trim().min(2).max(80),
  city: z.string().trim().min(2).max(80),
  region: z.string().trim().min(2).max(80),
  country: z.string().length(2).default("ES"),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export type PortInput = z.input<typeof portInputSchema>;
export type Port = z.output<typeof portInputSchema> & { createdAt: string; updatedAt: string };

