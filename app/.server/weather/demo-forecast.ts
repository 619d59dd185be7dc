import type { WeatherFixture } from "./fixture-schema";

/**
 * The demo's forecast (fixture weather, offline): a blow over the Bay of Palma from two to six days
 * from now — a yellow coastal warning, force 5 from the north-east, gusts over 25 knots — so
 * the demo renter's trip on Javier's 7.5 m motorboat, seeded four days ahead, still shows as unsafe
 * on the days after the demo was seeded; calm elsewhere and on other days.
 */
export const demoForecast: WeatherFixture = {
  places: [
    {
      name: "Bahía de Palma",
      lat: 39.5593,
      lng: 2.6296,
      radiusKm: 30,
      days: [
        { offset: 1, windKnots: 14, gustKnots: 20, waveM: 0.8, warnings: [] },
        ...[2, 3, 4, 5, 6].map((offset) => ({
          offset,
          windKnots: offset === 4 ? 21 : 18,
          gustKnots: offset === 4 ? 31 : 26,
          waveM: offset === 4 ? 1.9 : 1.5,
          warnings: [
            {
              level: "yellow" as const,
              kind: "coastal" as const,
              headline: `Aviso de costeros de nivel amarillo. Costa de Mallorca: viento del nordeste fuerza ${offset === 4 ? "6, mar gruesa" : "5 a 6"}.`,
              zone: "Costa de Mallorca",
            },
          ],
        })),
      ],
    },
  ],
  calm: { windKnots: 8, gustKnots: 13, waveM: 0.4 },
};
