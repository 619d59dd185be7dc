import type { Lang } from "#app/i18n";
import type { ServicePageKey, ServiceTexts } from "#app/features/service-pages/service-pages";
import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";

/** The texts the service pages were launched with, per language. */
export const defaultTexts: Record<Lang, Record<ServicePageKey, ServiceTexts>> = { es, en, fr, de };

/** Prices from, in whole euros with VAT; null where every request is quoted (transport, ports). */
export const defaultPrices: Record<ServicePageKey, number | null> = {
  gestoria: 60,
  "abanderamientos-y-bajas": 120,
  "asesoramiento-contratos": 90,
  "cambio-lista-6a": 140,
  "cambio-propiedad-barco": 120,
  "itb-barco": 95,
  "matriculacion-barco": 150,
  "renovacion-documentacion": 60,
  seguro: 90,
  limpieza: 80,
  transporte: null,
  port: null,
};
