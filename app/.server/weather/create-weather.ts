import type { Config } from "../config";
import { createAemetWeather } from "./aemet";
import { createFixtureWeather } from "./fixture";
import type { WeatherPort } from "./index";
import { createOpenMeteoWeather } from "./open-meteo";

/** The weather adapter the configuration names (decision 031). */
export function createWeather(config: Pick<Config, "WEATHER_PROVIDER" | "WEATHER_FIXTURE_FILE" | "AEMET_API_KEY">): WeatherPort {
  switch (config.WEATHER_PROVIDER) {
    case "open-meteo":
      return createOpenMeteoWeather();
    case "aemet":
      return createAemetWeather({ apiKey: config.AEMET_API_KEY!, figures: createOpenMeteoWeather() });
    default:
      return createFixtureWeather({ file: config.WEATHER_FIXTURE_FILE });
  }
}
