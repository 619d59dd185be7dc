export { createWeatherService, type WeatherService, type WeatherListing, type WeatherTrip } from "./service";
export {
  beaufortOf,
  boatClassOf,
  CLASS_RULES,
  evidenceOf,
  judgeDay,
  judgeTrip,
  SMALL_BOAT_MAX_M,
  WEATHER_WINDOW_DAYS,
  type BoatClass,
  type DayVerdict,
  type Reason,
  type TripWeather,
  type WeatherEvidence,
} from "./model";
