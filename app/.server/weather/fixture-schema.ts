import { z } from "zod";
import { OFFICIAL_LANGUAGES } from "./index";

/** The shape of a fixture forecast file (`WEATHER_FIXTURE_FILE`) and of the built-in demo forecast. */
const warningSchema = z.object({
  level: z.enum(["yellow", "orange", "red"]),
  kind: z.enum(["coastal", "wind", "storm", "other"]),
  headline: z.string().min(1).max(300),
  zone: z.string().min(1).max(120),
  /** Who issued the warning and the language of its headline: AEMET's Spanish unless the file says otherwise. */
  issuer: z.string().min(1).max(60).default("AEMET"),
  language: z.enum(OFFICIAL_LANGUAGES).default("es"),
});
const daySchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    offset: z.number().int().min(-30).max(60).optional(),
    windKnots: z.number().min(0).max(150).nullable(),
    gustKnots: z.number().min(0).max(200).nullable(),
    waveM: z.number().min(0).max(30).nullable(),
    warnings: z.array(warningSchema).default([]),
  })
  .refine((day) => (day.date === undefined) !== (day.offset === undefined), "a day has a date or an offset, not both");
export const fixtureSchema = z.object({
  places: z.array(
    z.object({
      name: z.string().min(1),
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      radiusKm: z.number().positive().max(500),
      days: z.array(daySchema),
    }),
  ),
  calm: z.object({ windKnots: z.number().min(0), gustKnots: z.number().min(0), waveM: z.number().min(0) }),
});
export type WeatherFixture = z.input<typeof fixtureSchema>;
