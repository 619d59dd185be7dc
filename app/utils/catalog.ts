import { href } from "#app/utils/href";

/** The services the marketplace offers besides rentals, with their pages. */
export const marketplaceServices = [
  { id: "paperwork", path: href("gestoria"), icon: "/images/services/paperwork.svg" },
  { id: "insurance", path: href("seguro"), icon: "/images/services/insurance.svg" },
  { id: "cleaning", path: href("limpieza"), icon: "/images/services/cleaning.svg" },
  { id: "transport", path: href("transporte"), icon: "/images/services/transport.svg" },
] as const;

/** The seven paperwork procedures of /gestoria. */
export const paperworkProcedures = [
  "matriculacion-barco",
  "cambio-propiedad-barco",
  "abanderamientos-y-bajas",
  "cambio-lista-6a",
  "itb-barco",
  "renovacion-documentacion",
  "asesoramiento-contratos",
] as const;
