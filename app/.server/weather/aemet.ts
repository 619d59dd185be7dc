import { eachDay } from "#app/utils/dates";
import { gunzipSync } from "node:zlib";
import { Readable } from "node:stream";
import { XMLParser } from "fast-xml-parser";
import { extract } from "tar-stream";
import { OFFICIAL_LANGUAGES, WeatherUnavailableError, type Forecast, type GeoPoint, type OfficialLanguage, type WarningKind, type WarningLevel, type WeatherPort, type WeatherWarning } from "./index";

/**
 * AEMET OpenData's warnings (`WEATHER_PROVIDER=aemet`, with `AEMET_API_KEY`): Meteoalerta's CAP 1.2
 * messages for Spain (`/api/avisos_cap/ultimoelaborado/area/esp`: a JSON envelope whose `datos`
 * URL serves a tar — sometimes gzipped — of one XML per warning and zone). A warning counts for a
 * point when the point lies in its zone's polygon or within `NEAR_KM` of it (coastal zones are
 * drawn over the sea; a port sits on their edge). Levels: amarillo, naranja, rojo (verde is no
 * warning). Wind and waves come from `figures` (Open-Meteo), so a trip is judged on both.
 */
export const AEMET_WARNINGS_URL = "https://opendata.aemet.es/opendata/api/avisos_cap/ultimoelaborado/area/esp";
const TIMEOUT_MS = 10_000;
const NEAR_KM = 10;
const CACHE_MS = 10 * 60_000;
const MAX_BYTES = 20 * 1024 * 1024;

const LEVELS: Record<string, WarningLevel> = { amarillo: "yellow", naranja: "orange", rojo: "red" };
/** Meteoalerta's phenomenon codes (`CO;Costeros`, `VI;Vientos`, `TO;Tormentas`, …). */
const KINDS: Record<string, WarningKind> = { CO: "coastal", VI: "wind", TO: "storm" };

type Zone = { warning: Omit<WeatherWarning, never>; polygons: Array<Array<[number, number]>> };

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, isArray: (name) => ["info", "area", "polygon", "parameter", "eventCode", "geocode"].includes(name) });

type CapValue = { valueName?: unknown; value?: unknown };
const named = (list: CapValue[] | undefined, name: string) => {
  const found = (list ?? []).find((item) => String(item.valueName ?? "").trim() === name);
  return found ? String(found.value ?? "").trim() : "";
};

/** The warnings of one CAP message (Spanish block), with their zones' polygons (CAP: `lat,lon` pairs). */
export function parseCap(xml: string): Zone[] {
  let doc: { alert?: { msgType?: unknown; info?: Array<Record<string, unknown>> } };
  try {
    doc = parser.parse(xml) as typeof doc;
  } catch {
    return [];
  }
  const alert = doc.alert;
  if (!alert || String(alert.msgType ?? "") === "Cancel") return [];
  const infos = alert.info ?? [];
  const info = infos.find((i) => String(i.language ?? "").toLowerCase().startsWith("es")) ?? infos[0];
  if (!info) return [];
  const level = LEVELS[named(info.parameter as CapValue[], "AEMET-Meteoalerta nivel").toLowerCase()];
  if (!level) return [];
  const code = (named(info.eventCode as CapValue[], "AEMET-Meteoalerta fenomeno") || named(info.parameter as CapValue[], "AEMET-Meteoalerta fenomeno")).split(";")[0]!.trim().toUpperCase();
  const onset = String(info.onset ?? info.effective ?? "");
  const expires = String(info.expires ?? "");
  if (!onset || !expires || Number.isNaN(Date.parse(onset)) || Number.isNaN(Date.parse(expires))) return [];
  const headline = String(info.headline ?? info.event ?? "").trim().slice(0, 300);
  // The block's language (`es-ES`): named beside its words when they are quoted.
  const tag = String(info.language ?? "es").trim().toLowerCase().split("-")[0] as OfficialLanguage;
  const language = OFFICIAL_LANGUAGES.includes(tag) ? tag : "es";
  return ((info.area as Array<Record<string, unknown>>) ?? []).map((area) => ({
    warning: { level, kind: KINDS[code] ?? "other", headline, issuer: "AEMET", language, zone: String(area.areaDesc ?? "").trim(), onset, expires },
    polygons: ((area.polygon as unknown[]) ?? []).map((text) =>
      String(text)
        .trim()
        .split(/\s+/)
        .map((pair) => pair.split(",").map(Number) as [number, number])
        .filter(([lat, lng]) => Number.isFinite(lat) && Number.isFinite(lng)),
    ),
  }));
}

/** Whether `point` is inside `polygon` or within `km` of its edge (equirectangular, fine at a zone's scale). */
export function nearPolygon(point: GeoPoint, polygon: Array<[number, number]>, km: number): boolean {
  if (polygon.length < 3) return false;
  const kx = 111.32 * Math.cos((point.lat * Math.PI) / 180);
  const ky = 110.57;
  const xy = ([lat, lng]: [number, number]) => [(lng - point.lng) * kx, (lat - point.lat) * ky] as const;
  let inside = false;
  let nearest = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = xy(polygon[i]!);
    const [xj, yj] = xy(polygon[j]!);
    if (yi > 0 !== yj > 0 && 0 < ((xj - xi) * (0 - yi)) / (yj - yi) + xi) inside = !inside;
    // Distance from the origin (the point) to the segment.
    const dx = xj - xi;
    const dy = yj - yi;
    const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, -(xi * dx + yi * dy) / (dx * dx + dy * dy)));
    nearest = Math.min(nearest, Math.hypot(xi + t * dx, yi + t * dy));
  }
  return inside || nearest <= km;
}

/** The XML files of AEMET's `datos` answer: a tar (gzipped or not) of CAP files, or one CAP file. */
export async function capFiles(bytes: Uint8Array): Promise<string[]> {
  let data = Buffer.from(bytes);
  if (data[0] === 0x1f && data[1] === 0x8b) data = gunzipSync(data, { maxOutputLength: MAX_BYTES });
  const isTar = data.length > 262 && data.subarray(257, 262).toString("latin1") === "ustar";
  if (!isTar) return [data.toString("utf8")];
  const files: string[] = [];
  const reader = extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on("entry", (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: unknown) => chunks.push(Buffer.from(chunk as Uint8Array)));
      stream.on("end", () => {
        if (header.type === "file" && header.name.toLowerCase().endsWith(".xml")) files.push(Buffer.concat(chunks).toString("utf8"));
        next();
      });
    });
    reader.on("finish", resolve);
    reader.on("error", reject);
  });
  Readable.from([data]).pipe(reader);
  await done;
  return files;
}

export function createAemetWeather(options: { apiKey: string; figures: WeatherPort; fetch?: typeof fetch; now?: () => Date }): WeatherPort {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  let cache: { at: number; zones: Zone[] } | null = null;

  async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers });
    } catch (error) {
      throw new WeatherUnavailableError("AEMET did not answer", { cause: error });
    }
    if (!response.ok) throw new WeatherUnavailableError(`AEMET answered ${response.status}`);
    return response;
  }

  async function zones(): Promise<Zone[]> {
    if (cache && now().getTime() - cache.at < CACHE_MS) return cache.zones;
    const envelope = (await (await get(AEMET_WARNINGS_URL, { api_key: options.apiKey, accept: "application/json" })).json().catch(() => null)) as { estado?: number; datos?: unknown } | null;
    if (!envelope || typeof envelope.datos !== "string" || !/^https:\/\//.test(envelope.datos)) throw new WeatherUnavailableError(`AEMET sent no warnings (estado ${envelope?.estado ?? "?"})`);
    const bytes = new Uint8Array(await (await get(envelope.datos)).arrayBuffer());
    if (bytes.byteLength > MAX_BYTES) throw new WeatherUnavailableError("AEMET's warnings are larger than expected");
    const all = (await capFiles(bytes)).flatMap(parseCap);
    cache = { at: now().getTime(), zones: all };
    return all;
  }

  return {
    name: "aemet",
    async forecast(point, from, to): Promise<Forecast> {
      const [figures, warned] = await Promise.all([
        options.figures.forecast(point, from, to).catch(() => null),
        zones().then((list) => list.filter((zone) => zone.polygons.some((polygon) => nearPolygon(point, polygon, NEAR_KM)))),
      ]);
      const byDate = new Map((figures?.days ?? []).map((day) => [day.date, day]));
      const today = now().toISOString().slice(0, 10);
      const days = eachDay(from < today ? today : from, to)
        .map((date) => {
          // The day in Spain: 00:00 to 24:00 Madrid time (±1 h at the changes of time does not matter here).
          const dayStart = Date.parse(`${date}T00:00:00+01:00`);
          const dayEnd = dayStart + 86_400_000;
          const warnings = warned.filter((zone) => Date.parse(zone.warning.onset) < dayEnd && Date.parse(zone.warning.expires) > dayStart).map((zone) => zone.warning);
          const day = byDate.get(date);
          return { date, windKnots: day?.windKnots ?? null, gustKnots: day?.gustKnots ?? null, waveM: day?.waveM ?? null, warnings };
        })
        .filter((day) => byDate.has(day.date) || day.warnings.length > 0);
      return { source: "aemet", issuedAt: now().toISOString(), days };
    },
  };
}
