import type { WeatherFixture } from "./fixture";

/**
 * The demo's forecast (fixture weather, offline): a blow over the Bay of Palma four and five days
 * from now — a yellow coastal warning and force 5–6 from the north-east — so the demo renter's
 * trip on Javier's 7.5 m motorboat shows as unsafe; calm elsewhere and on other days.
 */
export const demoForecast: WeatherFixture = {
  places: [
    {
      name: "Bahía de Palma",
      lat: 39.5593,
      lng: 2.6296,
      radiusKm: 30,
      days: [
        { offset: 3, windKnots: 14, gustKnots: 20, waveM: 0.8, warnings: [] },
        {
          offset: 4,
          windKnots: 21,
          gustKnots: 31,
          waveM: 1.9,
          warnings: [{ level: "yellow", kind: "coastal", headline: "Aviso de costeros de nivel amarillo. Costa de Mallorca: viento del nordeste fuerza 6, mar gruesa.", zone: "Costa de Mallorca" }],
        },
        {
          offset: 5,
          windKnots: 18,
          gustKnots: 26,
          waveM: 1.5,
          warnings: [{ level: "yellow", kind: "coastal", headline: "Aviso de costeros de nivel amarillo. Costa de Mallorca: viento del nordeste fuerza 5 a 6.", zone: "Costa de Mallorca" }],
        },
      ],
    },
  ],
  calm: { windKnots: 8, gustKnots: 13, waveM: 0.4 },
};
