import type { BoatTypeId, DockKind } from "#app/features/listings";
import type { ListingPhoto } from "#app/features/listings/.server";
import type { ListingKind } from "#app/features/listings/.server";
import type { Services } from "../services";

/** One step of the demo data: it runs once per store (its id is recorded), in order. */
export type SeedStep = { id: string; run(services: Services): Promise<void> };

/** Where the demo listings' photos come from (the photo pipeline owns the bytes). */
export type PhotoProvider = (kind: ListingKind, type: BoatTypeId | DockKind, index: number) => Promise<ListingPhoto[]>;
