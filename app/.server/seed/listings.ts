import type { Lang } from "#app/i18n";
import {
  boatSteps,
  boatStepFields,
  dockSteps,
  dockStepFields,
  type BoatEquipment,
  type BoatTypeId,
  type CancellationPolicy,
  type DockKind,
  type DockServices,
  type FuelPolicy,
  type FuelType,
  type Licence,
} from "#app/features/listings";
import { isIdentityError } from "../identity";
import type { ListingKind, ListingPhoto, ListingsService } from "#app/features/listings/.server";
import type { Services } from "../services";
import { DEMO_PASSWORD, type DemoAccount } from "./accounts";
import type { PhotoProvider, SeedStep } from "./types";

/**
 * Demo listings: 65 boats of the four types across the demo ports (and a few boats based at a
 * city of their own), and 13 docks for sale and for rent, owned by the demo owner and
 * professional and by four more demo owners this module registers. Everything goes through
 * the listings service as an owner would: draft → every step → photos → publish.
 *
 * Photos come from a `PhotoProvider` (the photo pipeline owns the bytes); publishing needs at
 * least one, so the step exists only once a provider does: `listingsSeedStep(provider)`.
 */
export type { PhotoProvider } from "./types";

type OwnerKey = "owner" | "pro" | "balear" | "costa" | "bcn" | "iago";
type Text = { es: string; en?: string };

/** The demo owners this module adds (the demo owner and professional come from accounts.ts). */
export const extraDemoOwners: Array<DemoAccount & { key: OwnerKey }> = [
  {
    key: "balear",
    email: "balear@amarre.test",
    displayName: "Nàutica Balear Charter",
    kind: "professional",
    bio: "Flota de veleros, catamaranes y lanchas en Palma, Sóller, Ibiza y Menorca desde 2004.",
    languages: ["es", "ca", "en", "de"],
    company: { name: "Nàutica Balear Charter S.L.", taxId: "B07654320", phone: "+34 971 000 222", address: "Moll Vell 3, 07012 Palma" },
    lessor: {
      legalName: "Nàutica Balear Charter S.L.",
      idDocument: "B07654320",
      phone: "+34 971 000 222",
      address: "Moll Vell 3, 07012 Palma",
      iban: "ES7000491500010512345678",
    },
  },
  {
    key: "costa",
    email: "costasol@amarre.test",
    displayName: "Costa del Sol Yachting",
    kind: "professional",
    bio: "Alquiler de yates, lanchas y motos de agua entre Málaga, Marbella, Sotogrande y Cádiz.",
    languages: ["es", "en", "fr"],
    company: { name: "Costa del Sol Yachting S.L.", taxId: "B29123452", phone: "+34 952 000 333", address: "Puerto Banús, local 12, 29660 Marbella" },
    lessor: {
      legalName: "Costa del Sol Yachting S.L.",
      idDocument: "B29123452",
      phone: "+34 952 000 333",
      address: "Puerto Banús, local 12, 29660 Marbella",
      iban: "ES4601824010340201234567",
    },
  },
  {
    key: "bcn",
    email: "bcn@amarre.test",
    displayName: "Blau Barcelona Charter",
    kind: "professional",
    bio: "Salidas en barco desde Port Vell y Port Olímpic: lanchas, veleros, catamaranes y motos de agua.",
    languages: ["es", "ca", "en", "fr"],
    company: { name: "Blau Barcelona Charter S.L.", taxId: "B66123456", phone: "+34 933 000 444", address: "Moll de la Fusta 8, 08039 Barcelona" },
    lessor: {
      legalName: "Blau Barcelona Charter S.L.",
      idDocument: "B66123456",
      phone: "+34 933 000 444",
      address: "Moll de la Fusta 8, 08039 Barcelona",
      iban: "ES0800810216767300012345",
    },
  },
  {
    key: "iago",
    email: "iago@amarre.test",
    displayName: "Iago Fernández",
    kind: "person",
    bio: "Pescador aficionado y patrón en Vigo. Alquilo mis barcos para conocer las Rías Baixas.",
    languages: ["es", "en"],
    lessor: {
      legalName: "Iago Fernández Souto",
      idDocument: "36482915Q",
      phone: "+34 686 123 456",
      address: "Rúa Montero Ríos 14, 36201 Vigo",
      iban: "ES2620385778969830001234",
    },
  },
];

const ownerEmails: Record<OwnerKey, string> = {
  owner: "owner@amarre.test",
  pro: "pro@amarre.test",
  balear: "balear@amarre.test",
  costa: "costasol@amarre.test",
  bcn: "bcn@amarre.test",
  iago: "iago@amarre.test",
};

// ---------------------------------------------------------------------------------------------
// Boat models

export type BoatModel = {
  type: BoatTypeId;
  make: string;
  model: string;
  lengthM: number;
  capacity: number;
  cabins: number;
  berths: number;
  enginePowerHp: number;
  fuel: FuelType;
  licence: Licence;
  equipment: BoatEquipment[];
  about: Text;
};

const cruisingSail: BoatEquipment[] = ["gps", "chartplotter", "autopilot", "vhf-radio", "depth-sounder", "bimini", "swim-ladder", "deck-shower", "hot-water", "fridge", "kitchen", "toilet", "dinghy"];
const catamaran: BoatEquipment[] = [...cruisingSail, "generator", "air-conditioning", "paddle-board", "snorkel-gear"];
const sportsCruiser: BoatEquipment[] = ["gps", "chartplotter", "vhf-radio", "bow-thruster", "sun-deck", "swim-ladder", "deck-shower", "hot-water", "fridge", "toilet", "bluetooth-audio"];

export const boatModels = {
  marion500: {
    type: "motor", make: "Marion", model: "500", lengthM: 4.9, capacity: 5, cabins: 0, berths: 0, enginePowerHp: 15, fuel: "gasoline", licence: "none",
    equipment: ["bimini", "swim-ladder", "cooler"],
    about: { es: "Barco sin licencia de 4,9 metros y 15 CV: cualquiera puede llevarlo tras una breve explicación.", en: "A 4.9-metre licence-free boat with 15 hp: anyone can take the helm after a short briefing." },
  },
  activ605: {
    type: "motor", make: "Quicksilver", model: "Activ 605 Open", lengthM: 6.0, capacity: 7, cabins: 0, berths: 0, enginePowerHp: 115, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: ["bimini", "sun-deck", "swim-ladder", "deck-shower", "bluetooth-audio"],
    about: { es: "Lancha abierta muy estable, con solárium en proa, ducha de popa y escalera de baño.", en: "A very stable open boat with a bow sunpad, stern shower and swim ladder." },
  },
  activ755: {
    type: "motor", make: "Quicksilver", model: "Activ 755 Sundeck", lengthM: 7.5, capacity: 8, cabins: 1, berths: 2, enginePowerHp: 250, fuel: "gasoline", licence: "pnb",
    equipment: ["gps", "bimini", "sun-deck", "swim-ladder", "deck-shower", "fridge", "toilet", "bluetooth-audio"],
    about: { es: "Sundeck con camarote en proa para dos, gran solárium y un motor de 250 CV para llegar lejos.", en: "A sundeck with a two-berth bow cabin, a large sunpad and a 250 hp engine to go further." },
  },
  capCamarat: {
    type: "motor", make: "Jeanneau", model: "Cap Camarat 7.5 WA", lengthM: 7.5, capacity: 10, cabins: 1, berths: 2, enginePowerHp: 250, fuel: "gasoline", licence: "pnb",
    equipment: ["gps", "chartplotter", "bimini", "sun-deck", "swim-ladder", "deck-shower", "fridge", "toilet"],
    about: { es: "Walkaround de Jeanneau con pasillos laterales, mesa en la bañera y camarote para dos.", en: "Jeanneau's walkaround, with side decks, a cockpit table and a two-berth cabin." },
  },
  flyer8: {
    type: "motor", make: "Beneteau", model: "Flyer 8 Sundeck", lengthM: 7.9, capacity: 10, cabins: 1, berths: 2, enginePowerHp: 300, fuel: "gasoline", licence: "pnb",
    equipment: ["gps", "chartplotter", "bimini", "sun-deck", "swim-ladder", "deck-shower", "fridge", "toilet", "bluetooth-audio", "snorkel-gear"],
    about: { es: "Beneteau Flyer 8 Sundeck: cómoda, rápida y con sitio para diez personas.", en: "Beneteau Flyer 8 Sundeck: comfortable, fast and with room for ten." },
  },
  antares9: {
    type: "motor", make: "Beneteau", model: "Antares 9", lengthM: 9.3, capacity: 8, cabins: 2, berths: 4, enginePowerHp: 400, fuel: "gasoline", licence: "per",
    equipment: ["gps", "chartplotter", "autopilot", "vhf-radio", "bow-thruster", "swim-ladder", "deck-shower", "hot-water", "fridge", "kitchen", "toilet"],
    about: { es: "Barco de crucero con dos camarotes, cocina, baño con ducha y timonera cerrada.", en: "A cruising motorboat with two cabins, a galley, a heads with shower and an enclosed wheelhouse." },
  },
  keyLargo27: {
    type: "motor", make: "Sessa", model: "Key Largo 27", lengthM: 8.4, capacity: 10, cabins: 0, berths: 2, enginePowerHp: 350, fuel: "gasoline", licence: "per",
    equipment: ["gps", "bimini", "sun-deck", "swim-ladder", "deck-shower", "fridge", "bluetooth-audio"],
    about: { es: "Open italiano de líneas deportivas, ideal para un día de calas a buen ritmo.", en: "A sporty Italian open boat, ideal for a brisk day hopping between coves." },
  },
  medline: {
    type: "motor", make: "Zodiac", model: "Medline 7.5", lengthM: 7.5, capacity: 12, cabins: 0, berths: 0, enginePowerHp: 250, fuel: "gasoline", licence: "pnb",
    equipment: ["gps", "vhf-radio", "bimini", "swim-ladder", "deck-shower", "snorkel-gear"],
    about: { es: "Neumática semirrígida de 7,5 metros: seca, segura y con asientos para doce.", en: "A 7.5-metre RIB: dry, safe and with seats for twelve." },
  },
  pardo38: {
    type: "motor", make: "Pardo", model: "38", lengthM: 11.6, capacity: 12, cabins: 1, berths: 2, enginePowerHp: 880, fuel: "diesel", licence: "per",
    equipment: [...sportsCruiser, "bimini", "paddle-board"],
    about: { es: "El Pardo 38 combina diseño, velocidad y un enorme solárium de popa, con camarote doble y baño.", en: "The Pardo 38 blends design, speed and a huge aft sunpad, with a double cabin and a heads." },
  },
  princessV40: {
    type: "motor", make: "Princess", model: "V40", lengthM: 12.9, capacity: 11, cabins: 2, berths: 4, enginePowerHp: 740, fuel: "diesel", licence: "per",
    equipment: [...sportsCruiser, "autopilot", "kitchen", "air-conditioning", "generator"],
    about: { es: "Princess V40 con dos camarotes, aire acondicionado y plataforma de baño hidráulica.", en: "Princess V40 with two cabins, air conditioning and a hydraulic bathing platform." },
  },
  predator57: {
    type: "motor", make: "Sunseeker", model: "Predator 57", lengthM: 17.6, capacity: 12, cabins: 3, berths: 6, enginePowerHp: 1600, fuel: "diesel", licence: "patron-yate",
    equipment: [...sportsCruiser, "autopilot", "kitchen", "air-conditioning", "generator", "wifi", "dinghy", "water-toys", "paddle-board"],
    about: { es: "Sunseeker Predator 57: tres camarotes, techo deslizante y 1.600 CV para una jornada inolvidable.", en: "Sunseeker Predator 57: three cabins, a sliding roof and 1,600 hp for an unforgettable day." },
  },
  cruiser20e: {
    type: "motor", make: "Ruban Bleu", model: "Cruiser 20 eléctrico", lengthM: 6.0, capacity: 8, cabins: 0, berths: 0, enginePowerHp: 10, fuel: "electric", licence: "licencia-navegacion",
    equipment: ["bimini", "sun-deck", "swim-ladder", "bluetooth-audio"],
    about: { es: "Barco eléctrico silencioso y sin emisiones, perfecto para navegar en familia sin ruido.", en: "A silent, zero-emission electric boat, perfect for a quiet family outing." },
  },
  first27: {
    type: "sail", make: "Beneteau", model: "First 27", lengthM: 8.0, capacity: 6, cabins: 1, berths: 4, enginePowerHp: 15, fuel: "diesel", licence: "pnb",
    equipment: ["gps", "vhf-radio", "depth-sounder", "swim-ladder"],
    about: { es: "Velero deportivo y fácil de manejar, ideal para aprender o regatear entre amigos.", en: "A sporty, easy-to-handle sailboat, ideal to learn or to race with friends." },
  },
  oceanis381: {
    type: "sail", make: "Beneteau", model: "Oceanis 38.1", lengthM: 11.5, capacity: 8, cabins: 3, berths: 6, enginePowerHp: 30, fuel: "diesel", licence: "per",
    equipment: cruisingSail,
    about: { es: "Oceanis 38.1 con tres camarotes, bañera amplia y plataforma de baño abatible.", en: "Oceanis 38.1 with three cabins, a roomy cockpit and a fold-down swim platform." },
  },
  oceanis461: {
    type: "sail", make: "Beneteau", model: "Oceanis 46.1", lengthM: 14.6, capacity: 10, cabins: 4, berths: 8, enginePowerHp: 57, fuel: "diesel", licence: "per",
    equipment: [...cruisingSail, "bow-thruster"],
    about: { es: "Crucero de 14,6 metros con cuatro camarotes, dos baños y un salón muy luminoso.", en: "A 14.6-metre cruiser with four cabins, two heads and a bright saloon." },
  },
  sunOdyssey410: {
    type: "sail", make: "Jeanneau", model: "Sun Odyssey 410", lengthM: 12.4, capacity: 9, cabins: 3, berths: 6, enginePowerHp: 45, fuel: "diesel", licence: "per",
    equipment: cruisingSail,
    about: { es: "Sun Odyssey 410 con pasillos laterales inclinados, tres camarotes y una gran bañera.", en: "Sun Odyssey 410 with sloping side decks, three cabins and a large cockpit." },
  },
  bavaria46: {
    type: "sail", make: "Bavaria", model: "Cruiser 46", lengthM: 14.3, capacity: 10, cabins: 4, berths: 8, enginePowerHp: 55, fuel: "diesel", licence: "per",
    equipment: [...cruisingSail, "bow-thruster"],
    about: { es: "Bavaria Cruiser 46 de cuatro camarotes, ideal para grupos y travesías de varios días.", en: "A four-cabin Bavaria Cruiser 46, ideal for groups and passages of several days." },
  },
  dufour390: {
    type: "sail", make: "Dufour", model: "390 Grand Large", lengthM: 11.2, capacity: 8, cabins: 3, berths: 6, enginePowerHp: 40, fuel: "diesel", licence: "per",
    equipment: cruisingSail,
    about: { es: "Dufour 390 Grand Large con cocina en la bañera y una cubierta amplia para tomar el sol.", en: "Dufour 390 Grand Large with a cockpit galley and a wide deck to sunbathe on." },
  },
  hanse418: {
    type: "sail", make: "Hanse", model: "418", lengthM: 12.4, capacity: 8, cabins: 3, berths: 6, enginePowerHp: 40, fuel: "diesel", licence: "per",
    equipment: cruisingSail,
    about: { es: "Hanse 418 con foque autovirante: se navega con poca tripulación y mucho placer.", en: "Hanse 418 with a self-tacking jib: easy to sail short-handed, and a joy to helm." },
  },
  lagoon40: {
    type: "sail", make: "Lagoon", model: "40", lengthM: 11.7, capacity: 12, cabins: 4, berths: 10, enginePowerHp: 90, fuel: "diesel", licence: "per",
    equipment: catamaran,
    about: { es: "Catamarán Lagoon 40: estabilidad, cuatro camarotes dobles y una red de proa para tumbarse.", en: "Lagoon 40 catamaran: stability, four double cabins and a bow trampoline to lie on." },
  },
  lagoon42: {
    type: "sail", make: "Lagoon", model: "42", lengthM: 12.8, capacity: 12, cabins: 4, berths: 10, enginePowerHp: 114, fuel: "diesel", licence: "per",
    equipment: catamaran,
    about: { es: "Catamarán Lagoon 42 con flybridge, cuatro camarotes con baño y salón panorámico.", en: "Lagoon 42 catamaran with a flybridge, four en-suite cabins and a panoramic saloon." },
  },
  lucia40: {
    type: "sail", make: "Fountaine Pajot", model: "Lucia 40", lengthM: 11.7, capacity: 12, cabins: 4, berths: 8, enginePowerHp: 60, fuel: "diesel", licence: "per",
    equipment: catamaran,
    about: { es: "Catamarán Fountaine Pajot Lucia 40, cómodo y marinero, con la cocina en el salón.", en: "Fountaine Pajot Lucia 40 catamaran, comfortable and seaworthy, with the galley in the saloon." },
  },
  lagoon50: {
    type: "sail", make: "Lagoon", model: "50", lengthM: 14.8, capacity: 12, cabins: 6, berths: 12, enginePowerHp: 114, fuel: "diesel", licence: "per",
    equipment: [...catamaran, "water-toys"],
    about: { es: "Catamarán Lagoon 50 de seis camarotes: una casa flotante para grupos grandes.", en: "Six-cabin Lagoon 50 catamaran: a floating villa for large groups." },
  },
  quicksilver505: {
    type: "fishing", make: "Quicksilver", model: "505 Fish", lengthM: 5.0, capacity: 5, cabins: 0, berths: 0, enginePowerHp: 15, fuel: "gasoline", licence: "none",
    equipment: ["rod-holders", "cooler", "live-bait-well"],
    about: { es: "Barco de pesca sin licencia con portacañas y vivero: sal a pescar sin titulación.", en: "A licence-free fishing boat with rod holders and a bait well: go fishing without a licence." },
  },
  merryFisher605: {
    type: "fishing", make: "Jeanneau", model: "Merry Fisher 605", lengthM: 5.9, capacity: 6, cabins: 0, berths: 2, enginePowerHp: 115, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: ["gps", "fish-finder", "rod-holders", "live-bait-well", "swim-ladder", "cooler"],
    about: { es: "Merry Fisher 605 con cabina, portacañas, sonda y vivero: lista para pescar.", en: "Merry Fisher 605 with a wheelhouse, rod holders, fish finder and bait well: ready to fish." },
  },
  merryFisher795: {
    type: "fishing", make: "Jeanneau", model: "Merry Fisher 795", lengthM: 7.8, capacity: 8, cabins: 1, berths: 2, enginePowerHp: 200, fuel: "gasoline", licence: "pnb",
    equipment: ["gps", "chartplotter", "vhf-radio", "fish-finder", "rod-holders", "live-bait-well", "fishing-rods", "toilet", "cooler"],
    about: { es: "Merry Fisher 795 con timonera, camarote para dos y una bañera despejada para pescar.", en: "Merry Fisher 795 with a wheelhouse, a two-berth cabin and a clear cockpit for fishing." },
  },
  barracuda7: {
    type: "fishing", make: "Beneteau", model: "Barracuda 7", lengthM: 7.1, capacity: 7, cabins: 1, berths: 2, enginePowerHp: 200, fuel: "gasoline", licence: "pnb",
    equipment: ["gps", "chartplotter", "fish-finder", "vhf-radio", "rod-holders", "live-bait-well", "fishing-rods", "toilet"],
    about: { es: "Beneteau Barracuda 7: barco de pesca con timonera, muy marinero y con una gran bañera.", en: "Beneteau Barracuda 7: a seaworthy fishing boat with a wheelhouse and a large cockpit." },
  },
  arvor690: {
    type: "fishing", make: "Arvor", model: "690 Weekender", lengthM: 6.9, capacity: 6, cabins: 1, berths: 2, enginePowerHp: 140, fuel: "diesel", licence: "pnb",
    equipment: ["gps", "fish-finder", "vhf-radio", "rod-holders", "live-bait-well", "fishing-rods", "cooler"],
    about: { es: "Arvor 690 con motor diésel intraborda, económico y robusto para salidas largas de pesca.", en: "Arvor 690 with an inboard diesel, economical and rugged for long fishing trips." },
  },
  rodman790: {
    type: "fishing", make: "Rodman", model: "790", lengthM: 7.9, capacity: 8, cabins: 1, berths: 2, enginePowerHp: 230, fuel: "diesel", licence: "pnb",
    equipment: ["gps", "chartplotter", "fish-finder", "vhf-radio", "rod-holders", "live-bait-well", "fishing-rods", "toilet"],
    about: { es: "Rodman 790, el clásico gallego de pesca: casco profundo y timonera resguardada.", en: "Rodman 790, the Galician fishing classic: a deep hull and a sheltered wheelhouse." },
  },
  menorquin100: {
    type: "fishing", make: "Menorquín", model: "100", lengthM: 10.0, capacity: 10, cabins: 1, berths: 2, enginePowerHp: 170, fuel: "diesel", licence: "per",
    equipment: ["gps", "vhf-radio", "bimini", "sun-deck", "swim-ladder", "deck-shower", "fridge", "toilet", "rod-holders", "snorkel-gear"],
    about: { es: "Llaüt Menorquín 100: navegación tranquila, mucha sombra y todo el carácter de las Baleares.", en: "A Menorquín 100 llaüt: relaxed cruising, plenty of shade and all the character of the Balearics." },
  },
  spark: {
    type: "jetski", make: "Sea-Doo", model: "Spark Trixx", lengthM: 3.0, capacity: 2, cabins: 0, berths: 0, enginePowerHp: 90, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: [],
    about: { es: "Sea-Doo Spark Trixx, ligera y juguetona, perfecta para iniciarse.", en: "Sea-Doo Spark Trixx, light and playful, perfect to get started." },
  },
  gti130: {
    type: "jetski", make: "Sea-Doo", model: "GTI SE 130", lengthM: 3.3, capacity: 3, cabins: 0, berths: 0, enginePowerHp: 130, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: [],
    about: { es: "Sea-Doo GTI SE 130 para tres personas, estable y con plataforma de baño.", en: "Sea-Doo GTI SE 130 for three, stable, with a boarding platform." },
  },
  gtx170: {
    type: "jetski", make: "Sea-Doo", model: "GTX 170", lengthM: 3.5, capacity: 3, cabins: 0, berths: 0, enginePowerHp: 170, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: ["bluetooth-audio"],
    about: { es: "Sea-Doo GTX 170, cómoda para paseos largos, con asiento ergonómico y guantera estanca.", en: "Sea-Doo GTX 170, comfortable on long rides, with an ergonomic seat and waterproof storage." },
  },
  rxpx300: {
    type: "jetski", make: "Sea-Doo", model: "RXP-X 300", lengthM: 3.3, capacity: 2, cabins: 0, berths: 0, enginePowerHp: 300, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: [],
    about: { es: "Sea-Doo RXP-X 300: la moto de agua más deportiva, para pilotos con experiencia.", en: "Sea-Doo RXP-X 300: the sportiest water scooter, for experienced riders." },
  },
  vxCruiser: {
    type: "jetski", make: "Yamaha", model: "VX Cruiser HO", lengthM: 3.4, capacity: 3, cabins: 0, berths: 0, enginePowerHp: 180, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: ["bluetooth-audio"],
    about: { es: "Yamaha VX Cruiser HO, fiable y cómoda para tres personas.", en: "Yamaha VX Cruiser HO, reliable and comfortable for three." },
  },
  fxSvho: {
    type: "jetski", make: "Yamaha", model: "FX Cruiser SVHO", lengthM: 3.6, capacity: 3, cabins: 0, berths: 0, enginePowerHp: 250, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: ["gps", "bluetooth-audio"],
    about: { es: "Yamaha FX Cruiser SVHO con compresor: potencia y confort a partes iguales.", en: "Supercharged Yamaha FX Cruiser SVHO: power and comfort in equal measure." },
  },
  exDeluxe: {
    type: "jetski", make: "Yamaha", model: "EX Deluxe", lengthM: 3.1, capacity: 3, cabins: 0, berths: 0, enginePowerHp: 100, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: [],
    about: { es: "Yamaha EX Deluxe, sencilla y económica, con marcha atrás para atracar sin sustos.", en: "Yamaha EX Deluxe, simple and economical, with reverse for easy docking." },
  },
  ultra310: {
    type: "jetski", make: "Kawasaki", model: "Jet Ski Ultra 310LX", lengthM: 3.6, capacity: 3, cabins: 0, berths: 0, enginePowerHp: 310, fuel: "gasoline", licence: "licencia-navegacion",
    equipment: ["gps", "bluetooth-audio"],
    about: { es: "Kawasaki Ultra 310LX: la más potente y equipada, con equipo de sonido.", en: "Kawasaki Ultra 310LX: the most powerful and best equipped, with a sound system." },
  },
} satisfies Record<string, BoatModel>;
export type BoatModelKey = keyof typeof boatModels;

// ---------------------------------------------------------------------------------------------
// Places

/** A sentence about sailing from each demo port, and from the cities some boats are based at. */
const portBlurbs: Record<string, Text> = {
  "port-vell-barcelona": {
    es: "Salida desde Port Vell, en pleno centro de Barcelona: en pocos minutos estarás frente a la Barceloneta, con la ciudad a tu espalda y la costa del Maresme por delante.",
    en: "Departure from Port Vell, right in the centre of Barcelona: within minutes you are off Barceloneta beach, with the city behind you and the Maresme coast ahead.",
  },
  "port-olimpic-barcelona": {
    es: "Zarpamos del Port Olímpic, junto a la Vila Olímpica, con acceso rápido a la playa del Bogatell y a la costa del Maresme.",
    en: "We leave from Port Olímpic, next to the Olympic Village, with quick access to Bogatell beach and the Maresme coast.",
  },
  "club-de-mar-palma": {
    es: "Base en el Club de Mar de Palma: la bahía, Cala Portals Vells, El Toro y, con buen tiempo, el archipiélago de Cabrera.",
    en: "Based at Club de Mar in Palma: the bay, Cala Portals Vells, El Toro and, on a fine day, the Cabrera archipelago.",
  },
  "marina-ibiza": {
    es: "Desde Marina Ibiza, frente a Dalt Vila, a un paso de Formentera, Ses Illetes y las calas de Es Cavallet.",
    en: "From Marina Ibiza, facing Dalt Vila, a short hop to Formentera, Ses Illetes and the coves of Es Cavallet.",
  },
  "puerto-mahon": {
    es: "Salida desde el puerto natural de Mahón, uno de los más largos del Mediterráneo, rumbo a las calas vírgenes del sur de Menorca.",
    en: "Departure from Mahón's natural harbour, one of the longest in the Mediterranean, towards the unspoilt coves of southern Menorca.",
  },
  "marina-valencia": {
    es: "Amarrado en la Marina de Valencia, con salida directa a la playa de la Malvarrosa y, hacia el sur, a El Saler y la Albufera.",
    en: "Moored at Marina de Valencia, with direct access to Malvarrosa beach and, to the south, El Saler and the Albufera.",
  },
  "puerto-alicante": {
    es: "Desde la Marina Deportiva de Alicante, bajo el castillo de Santa Bárbara, hasta la isla de Tabarca en menos de una hora.",
    en: "From Alicante's marina, below Santa Bárbara castle, to Tabarca island in under an hour.",
  },
  "marina-denia": {
    es: "Base en la Marina de Dénia, entre el Montgó y el mar: la cala de la Granadella, el Cap de Sant Antoni y las aguas cristalinas de Xàbia.",
    en: "Based at Marina de Dénia, between the Montgó and the sea: Granadella cove, Cap de Sant Antoni and the crystal-clear waters of Xàbia.",
  },
  "puerto-malaga": {
    es: "Salida desde el Muelle Uno del puerto de Málaga para recorrer la costa con la Alcazaba y el Gibralfaro de fondo.",
    en: "Departure from Muelle Uno in the port of Málaga to cruise the coast with the Alcazaba and Gibralfaro as a backdrop.",
  },
  "puerto-banus-marbella": {
    es: "Amarre en Puerto Banús, el puerto más animado de la Costa del Sol, con vistas a La Concha y salida directa a las playas de Marbella.",
    en: "Berthed in Puerto Banús, the liveliest marina on the Costa del Sol, with views of La Concha and easy access to Marbella's beaches.",
  },
  "puerto-sotogrande": {
    es: "Desde Puerto Sotogrande, a la vista de Gibraltar: delfines en la bahía y aguas tranquilas para fondear.",
    en: "From Puerto Sotogrande, within sight of Gibraltar: dolphins in the bay and calm waters to anchor in.",
  },
  "puerto-america-cadiz": {
    es: "Salida desde Puerto América, en Cádiz: la bahía, el castillo de San Sebastián y atardeceres sobre el Atlántico.",
    en: "Departure from Puerto América in Cádiz: the bay, San Sebastián castle and sunsets over the Atlantic.",
  },
  "marina-rias-baixas-vigo": {
    es: "Desde el Real Club Náutico de Vigo hasta las islas Cíes, en el Parque Nacional de las Islas Atlánticas (con el permiso de navegación del parque).",
    en: "From the Real Club Náutico de Vigo to the Cíes islands, in the Atlantic Islands National Park (with the park's navigation permit).",
  },
  Sóller: {
    es: "Con base en el puerto de Sóller, en plena Serra de Tramuntana: Sa Calobra y Cala Tuent quedan a un paseo.",
    en: "Based in the port of Sóller, in the heart of the Serra de Tramuntana: Sa Calobra and Cala Tuent are a short trip away.",
  },
  Xàbia: {
    es: "Salida desde el puerto de Xàbia hacia la cala del Portitxol y la isla del mismo nombre.",
    en: "Departure from the port of Xàbia towards Portitxol cove and the island of the same name.",
  },
  Estepona: {
    es: "Desde el puerto de Estepona, con el Peñón de Gibraltar y la costa de África en el horizonte.",
    en: "From Estepona harbour, with the Rock of Gibraltar and the African coast on the horizon.",
  },
  Sanxenxo: {
    es: "Con base en Sanxenxo, en la ría de Pontevedra: la isla de Ons y las playas de O Grove a poca distancia.",
    en: "Based in Sanxenxo, on the Pontevedra estuary: Ons island and the beaches of O Grove are close by.",
  },
};

const customPlaces = {
  soller: { city: "Sóller", lat: 39.7958, lng: 2.6913 },
  xabia: { city: "Xàbia", lat: 38.7917, lng: 0.187 },
  estepona: { city: "Estepona", lat: 36.4176, lng: -5.1561 },
  sanxenxo: { city: "Sanxenxo", lat: 42.3997, lng: -8.8067 },
};

// ---------------------------------------------------------------------------------------------
// The demo boats

type SkipperSeed = "none" | readonly ["optional" | "mandatory", number];

export type BoatSeed = {
  owner: OwnerKey;
  model: BoatModelKey;
  /** A port slug, or a city with coordinates. */
  home: string | { city: string; lat: number; lng: number };
  year: number;
  title: string;
  /** What makes this one special; without `en` the listing is described in Spanish only. */
  highlight: Text;
  /** Euros. */
  day: number;
  half?: number;
  week?: number;
  deposit: number;
  skipper: SkipperSeed;
  instant: boolean;
  /** The default meeting point and time, `[place, HH:MM]`. */
  meeting?: [string, string];
  cancellation: CancellationPolicy;
  fuelPolicy: FuelPolicy;
  jetski?: { minimumAge: number; guided: boolean; hour: number };
};

const NOT_INCLUDED: FuelPolicy = "not-included-return-full";

export const demoBoats: BoatSeed[] = [
  // Barcelona — Blau Barcelona Charter
  { owner: "bcn", model: "activ605", home: "port-vell-barcelona", year: 2021, title: "Lancha Quicksilver Activ 605 en Port Vell", highlight: { es: "Perfecta para una mañana de baño frente a la Barceloneta o una puesta de sol con la ciudad iluminada.", en: "Perfect for a morning swim off Barceloneta or a sunset with the city lights coming on." }, day: 260, half: 170, deposit: 400, skipper: ["optional", 150], instant: true, cancellation: "flexible", fuelPolicy: NOT_INCLUDED },
  { owner: "bcn", model: "flyer8", home: "port-vell-barcelona", year: 2022, title: "Beneteau Flyer 8 Sundeck para diez personas en Barcelona", highlight: { es: "Solárium doble, nevera y equipo de música: la lancha preferida para celebraciones en grupo.", en: "Double sunpad, fridge and sound system: the favourite boat for group celebrations." }, day: 520, half: 340, week: 3200, deposit: 1000, skipper: ["optional", 160], instant: false, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "bcn", model: "oceanis381", home: "port-vell-barcelona", year: 2019, title: "Velero Oceanis 38.1 con patrón frente a Barcelona", highlight: { es: "Navega a vela por la costa de Barcelona y fondea para comer en la bahía del Garraf.", en: "Sail along the Barcelona coast and anchor for lunch in the Garraf bay." }, day: 480, half: 320, week: 2900, deposit: 1500, skipper: ["optional", 170], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "bcn", model: "lagoon42", home: "port-olimpic-barcelona", year: 2021, title: "Catamarán Lagoon 42 con flybridge en Port Olímpic", highlight: { es: "El catamarán más cómodo de nuestra flota, con patrón profesional y tripulación atenta.", en: "The most comfortable catamaran in our fleet, with a professional skipper and an attentive crew." }, day: 1250, week: 7900, deposit: 3000, skipper: ["mandatory", 200], instant: false, cancellation: "strict", fuelPolicy: "included" },
  { owner: "bcn", model: "keyLargo27", home: "port-olimpic-barcelona", year: 2020, title: "Sessa Key Largo 27: las calas del Garraf a toda velocidad", highlight: { es: "En menos de una hora llegas a las calas de Sitges y del Garraf.", en: "Reach the coves of Sitges and the Garraf in under an hour." }, day: 690, half: 450, deposit: 1500, skipper: ["optional", 160], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "bcn", model: "gti130", home: "port-olimpic-barcelona", year: 2023, title: "Moto de agua Sea-Doo GTI 130 en la Barceloneta", highlight: { es: "Recorre las playas de Barcelona desde el agua: ruta guiada de una hora o alquiler por días.", en: "See Barcelona's beaches from the water: a one-hour guided ride or a rental by the day." }, day: 260, half: 160, deposit: 500, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: NOT_INCLUDED, jetski: { minimumAge: 18, guided: true, hour: 95 } },
  { owner: "bcn", model: "spark", home: "port-olimpic-barcelona", year: 2022, title: "Sea-Doo Spark para tus primeras rutas en moto de agua", highlight: { es: "Ligera y fácil de llevar, con gasolina incluida para que solo pienses en disfrutar." }, day: 190, half: 120, deposit: 300, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included", jetski: { minimumAge: 18, guided: true, hour: 70 } },
  { owner: "bcn", model: "first27", home: "port-olimpic-barcelona", year: 2018, title: "Velero Beneteau First 27 para aprender a navegar", highlight: { es: "Ideal para practicar maniobras con tu titulación recién sacada o con nuestro patrón-instructor.", en: "Ideal to practise manoeuvres with your brand-new licence or with our skipper-instructor." }, day: 230, half: 150, week: 1350, deposit: 600, skipper: ["optional", 150], instant: false, cancellation: "flexible", fuelPolicy: "included" },
  { owner: "bcn", model: "merryFisher605", home: "port-vell-barcelona", year: 2020, title: "Merry Fisher 605: salida de pesca desde Barcelona", highlight: { es: "Lubinas y doradas a pocas millas del puerto: te indicamos los mejores puntos.", en: "Sea bass and bream a few miles from the harbour: we show you the best spots." }, day: 220, half: 140, deposit: 400, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: NOT_INCLUDED },
  { owner: "bcn", model: "marion500", home: "port-vell-barcelona", year: 2022, title: "Barco sin licencia en Port Vell: Marion 500", highlight: { es: "Sin titulación y con gasolina incluida: la forma más sencilla de ver Barcelona desde el mar.", en: "No licence needed and fuel included: the simplest way to see Barcelona from the sea." }, day: 160, half: 100, deposit: 200, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included" },

  // Palma — the demo owner's own boats
  { owner: "owner", model: "sunOdyssey410", home: "club-de-mar-palma", year: 2017, title: "Mi velero Sun Odyssey 410 en el Club de Mar", highlight: { es: "Lo cuido como el primer día: velas nuevas en 2024 y todo listo para una travesía a Cabrera.", en: "Looked after like new: new sails in 2024 and everything ready for a passage to Cabrera." }, day: 420, half: 280, week: 2600, deposit: 1500, skipper: ["optional", 180], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "owner", model: "capCamarat", home: "club-de-mar-palma", year: 2019, title: "Lancha Cap Camarat 7.5 para la bahía de Palma", meeting: ["Club de Mar Palma, pantalán 3, amarre 12 (junto a la capitanía)", "09:30"], highlight: { es: "Mi lancha para ir de calas: El Toro, Portals Vells y, si el día acompaña, Illetes.", en: "My boat for cove hopping: El Toro, Portals Vells and, weather permitting, Illetes." }, day: 450, half: 290, deposit: 800, skipper: ["optional", 160], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },

  // Mallorca, Ibiza and Menorca — Nàutica Balear Charter
  { owner: "balear", model: "activ755", home: "club-de-mar-palma", year: 2022, title: "Quicksilver Activ 755 Sundeck: Portals Vells y El Toro", highlight: { es: "Camarote para dos, nevera y toldo: todo lo necesario para un día completo de calas.", en: "A two-berth cabin, fridge and bimini: everything for a full day of coves." }, day: 560, half: 360, week: 3400, deposit: 1000, skipper: ["optional", 170], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "balear", model: "princessV40", home: "club-de-mar-palma", year: 2018, title: "Princess V40 con patrón: un día de lujo en Mallorca", highlight: { es: "Patrón incluido, bebidas frías a bordo y la costa suroeste de Mallorca para ti.", en: "Skipper included, cold drinks on board and the south-west coast of Mallorca to yourself." }, day: 2400, week: 15000, deposit: 5000, skipper: ["mandatory", 220], instant: false, cancellation: "strict", fuelPolicy: NOT_INCLUDED },
  { owner: "balear", model: "lagoon40", home: "club-de-mar-palma", year: 2020, title: "Catamarán Lagoon 40 para grupos en la bahía de Palma", highlight: { es: "Espacio de sobra para doce personas, con paddle surf y equipo de snorkel a bordo.", en: "Plenty of room for twelve, with a paddle board and snorkelling gear on board." }, day: 1100, week: 7200, deposit: 3000, skipper: ["optional", 190], instant: false, cancellation: "strict", fuelPolicy: "included" },
  { owner: "balear", model: "vxCruiser", home: "club-de-mar-palma", year: 2023, title: "Yamaha VX Cruiser en Palma: ruta guiada o por libre", highlight: { es: "Con licencia, por libre; sin ella, en ruta guiada por la bahía con nuestro monitor.", en: "With a licence, on your own; without one, on a guided ride around the bay with our instructor." }, day: 280, half: 180, deposit: 500, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included", jetski: { minimumAge: 18, guided: true, hour: 110 } },
  { owner: "balear", model: "bavaria46", home: customPlaces.soller, year: 2016, title: "Bavaria 46 en Sóller: la Tramuntana desde el mar", highlight: { es: "Cuatro camarotes para una semana por la costa norte de Mallorca, la más salvaje de la isla.", en: "Four cabins for a week along the north coast of Mallorca, the wildest on the island." }, day: 620, week: 3900, deposit: 2000, skipper: ["optional", 180], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "balear", model: "medline", home: customPlaces.soller, year: 2021, title: "Neumática Zodiac Medline en Sóller hacia Sa Calobra", highlight: { es: "La mejor forma de llegar al Torrent de Pareis y a las cuevas de la costa norte." }, day: 590, half: 390, deposit: 800, skipper: ["optional", 160], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "balear", model: "predator57", home: "marina-ibiza", year: 2019, title: "Sunseeker Predator 57 en Ibiza con patrón y marinero", highlight: { es: "Tripulación de dos, juguetes acuáticos y rumbo a Formentera o a las calas del norte.", en: "A crew of two, water toys and a course for Formentera or the northern coves." }, day: 4200, week: 27000, deposit: 10000, skipper: ["mandatory", 250], instant: false, cancellation: "strict", fuelPolicy: NOT_INCLUDED },
  { owner: "balear", model: "pardo38", home: "marina-ibiza", year: 2022, title: "Pardo 38 a Formentera: Ses Illetes en un día", highlight: { es: "En 40 minutos estás fondeado en el agua turquesa de Ses Illetes.", en: "Forty minutes and you are anchored in the turquoise water of Ses Illetes." }, day: 2100, week: 13500, deposit: 4000, skipper: ["mandatory", 220], instant: false, cancellation: "strict", fuelPolicy: NOT_INCLUDED },
  { owner: "balear", model: "lagoon50", home: "marina-ibiza", year: 2021, title: "Catamarán Lagoon 50 de seis camarotes en Ibiza", highlight: { es: "Para familias y grupos grandes: seis camarotes con baño, cocinera a petición y muchos juguetes.", en: "For families and large groups: six en-suite cabins, a cook on request and plenty of toys." }, day: 2600, week: 16500, deposit: 5000, skipper: ["mandatory", 230], instant: false, cancellation: "strict", fuelPolicy: "included" },
  { owner: "balear", model: "flyer8", home: "marina-ibiza", year: 2021, title: "Beneteau Flyer 8 para descubrir Es Cavallet", highlight: { es: "Rápida y cómoda para recorrer las calas del sur de Ibiza en un día.", en: "Fast and comfortable to explore the coves of southern Ibiza in a day." }, day: 640, half: 420, deposit: 1200, skipper: ["optional", 170], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "balear", model: "fxSvho", home: "marina-ibiza", year: 2023, title: "Moto de agua Yamaha FX SVHO frente a Dalt Vila", highlight: { es: "Solo con licencia: potencia para cruzar a Formentera en media hora.", en: "Licence holders only: the power to cross to Formentera in half an hour." }, day: 320, half: 200, deposit: 800, skipper: "none", instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED, jetski: { minimumAge: 18, guided: false, hour: 130 } },
  { owner: "balear", model: "gtx170", home: "marina-ibiza", year: 2022, title: "Sea-Doo GTX 170: excursión guiada a Formentera", highlight: { es: "Excursión de medio día con monitor hasta Formentera, sin necesidad de licencia.", en: "A half-day guided ride to Formentera, no licence needed." }, day: 300, half: 190, deposit: 600, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included", jetski: { minimumAge: 18, guided: true, hour: 120 } },
  { owner: "balear", model: "oceanis381", home: "puerto-mahon", year: 2020, title: "Oceanis 38.1 para recorrer las calas del sur de Menorca", highlight: { es: "Macarella, Turqueta y Mitjana en una semana de navegación tranquila.", en: "Macarella, Turqueta and Mitjana in a relaxed week under sail." }, day: 450, week: 2800, deposit: 1500, skipper: ["optional", 170], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "balear", model: "menorquin100", home: "puerto-mahon", year: 2015, title: "Llaüt Menorquín 100 en el puerto de Mahón", highlight: { es: "El barco tradicional de Menorca, con toldo completo y mucha sombra para los días de calor.", en: "Menorca's traditional boat, with a full canopy and plenty of shade for hot days." }, day: 520, half: 340, week: 3100, deposit: 1000, skipper: ["optional", 160], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "balear", model: "activ605", home: "puerto-mahon", year: 2021, title: "Quicksilver 605 Open: calas de Menorca a tu ritmo", highlight: { es: "Sale del puerto de Mahón y en media hora estás en Cala en Porter.", en: "Leave Mahón harbour and be in Cala en Porter within half an hour." }, day: 260, half: 170, deposit: 400, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: NOT_INCLUDED },
  { owner: "balear", model: "marion500", home: "puerto-mahon", year: 2023, title: "Barco sin licencia en Mahón para explorar el puerto", highlight: { es: "Recorre la Illa del Rei y la fortaleza de La Mola sin titulación.", en: "Explore Illa del Rei and La Mola fortress without a licence." }, day: 150, half: 95, deposit: 200, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included" },
  { owner: "balear", model: "lucia40", home: "club-de-mar-palma", year: 2022, title: "Catamarán Lucia 40 con patrón a Cabrera", highlight: { es: "Travesía al Parque Nacional de Cabrera con fondeo autorizado y noche a bordo.", en: "A passage to Cabrera National Park with an authorised mooring and a night on board." }, day: 1050, week: 6900, deposit: 3000, skipper: ["mandatory", 190], instant: false, cancellation: "strict", fuelPolicy: "included" },

  // Costa Blanca and Valencia — Náutica Levante (the demo professional)
  { owner: "pro", model: "activ755", home: "marina-denia", year: 2022, title: "Quicksilver 755 Sundeck en Dénia: Granadella y Cap de Sant Antoni", highlight: { es: "Nuestra lancha más solicitada para un día de calas entre Dénia y Xàbia.", en: "Our most requested boat for a day of coves between Dénia and Xàbia." }, day: 520, half: 340, week: 3200, deposit: 1000, skipper: ["optional", 160], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "pro", model: "marion500", home: "marina-denia", year: 2023, title: "Barco sin licencia en Dénia: navega sin titulación", highlight: { es: "Te explicamos todo en diez minutos y sales a disfrutar de la costa de Les Rotes.", en: "A ten-minute briefing and you are off to enjoy the Les Rotes coast." }, day: 170, half: 110, deposit: 200, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included" },
  { owner: "pro", model: "dufour390", home: "marina-denia", year: 2019, title: "Velero Dufour 390 en Dénia con cocina en bañera", highlight: { es: "Perfecto para cruzar a Ibiza en una jornada y pasar la semana en las Pitiusas.", en: "Perfect to cross to Ibiza in a day and spend the week in the Pityusic Islands." }, day: 430, half: 290, week: 2700, deposit: 1500, skipper: ["optional", 170], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "pro", model: "gti130", home: "marina-denia", year: 2023, title: "Moto de agua Sea-Doo GTI 130 en Dénia", highlight: { es: "Rutas guiadas de una hora hasta el Cap de Sant Antoni, con o sin licencia.", en: "One-hour guided rides to Cap de Sant Antoni, with or without a licence." }, day: 250, half: 160, deposit: 500, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: NOT_INCLUDED, jetski: { minimumAge: 18, guided: true, hour: 90 } },
  { owner: "pro", model: "barracuda7", home: "marina-denia", year: 2020, title: "Beneteau Barracuda 7 para pesca de altura en Dénia", highlight: { es: "Equipada para curricán: bonitos y llampugas a pocas millas de la costa." }, day: 330, half: 210, deposit: 600, skipper: ["optional", 150], instant: false, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "pro", model: "lagoon42", home: "marina-denia", year: 2022, title: "Catamarán Lagoon 42 en Dénia: una semana a Ibiza", highlight: { es: "Salida los sábados rumbo a Ibiza y Formentera, con patrón opcional.", en: "Saturday departures for Ibiza and Formentera, with an optional skipper." }, day: 1200, week: 7600, deposit: 3000, skipper: ["optional", 190], instant: false, cancellation: "strict", fuelPolicy: "included" },
  { owner: "pro", model: "cruiser20e", home: customPlaces.xabia, year: 2022, title: "Barco eléctrico en Xàbia: navega sin ruido ni emisiones", highlight: { es: "Silencio total para fondear en el Portitxol y escuchar solo el mar.", en: "Total silence to anchor at Portitxol and hear nothing but the sea." }, day: 240, half: 150, deposit: 300, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included" },
  { owner: "pro", model: "exDeluxe", home: customPlaces.xabia, year: 2021, title: "Yamaha EX Deluxe en Xàbia: ruta al Portitxol", highlight: { es: "Ruta guiada por los acantilados del Cap Prim y la isla del Portitxol.", en: "A guided ride along the Cap Prim cliffs and Portitxol island." }, day: 210, half: 130, deposit: 400, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included", jetski: { minimumAge: 18, guided: true, hour: 80 } },
  { owner: "pro", model: "capCamarat", home: "puerto-alicante", year: 2020, title: "Cap Camarat 7.5 de Alicante a la isla de Tabarca", highlight: { es: "Baño en la reserva marina de Tabarca y comida de caldero en el pueblo.", en: "A swim in the Tabarca marine reserve and a traditional fish stew in the village." }, day: 470, half: 300, deposit: 800, skipper: ["optional", 160], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "pro", model: "oceanis461", home: "puerto-alicante", year: 2021, title: "Oceanis 46.1 con cuatro camarotes en Alicante", highlight: { es: "Espacio para diez personas y dos baños: ideal para una semana entre amigos.", en: "Room for ten and two heads: ideal for a week with friends." }, day: 690, week: 4300, deposit: 2000, skipper: ["optional", 180], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "pro", model: "merryFisher795", home: "puerto-alicante", year: 2019, title: "Merry Fisher 795 para una jornada de pesca en Alicante", highlight: { es: "Cañas y cebo incluidos: solo tienes que traer tu licencia de pesca recreativa.", en: "Rods and bait included: just bring your recreational fishing licence." }, day: 320, half: 200, deposit: 600, skipper: ["optional", 150], instant: true, cancellation: "flexible", fuelPolicy: NOT_INCLUDED },
  { owner: "pro", model: "rxpx300", home: "puerto-alicante", year: 2023, title: "Sea-Doo RXP-X 300 en Alicante, solo para expertos", highlight: { es: "Para pilotos con licencia y experiencia: 300 CV sobre el agua." }, day: 340, half: 220, deposit: 1000, skipper: "none", instant: false, cancellation: "strict", fuelPolicy: NOT_INCLUDED, jetski: { minimumAge: 21, guided: false, hour: 140 } },
  { owner: "pro", model: "antares9", home: "marina-valencia", year: 2018, title: "Beneteau Antares 9 en la Marina de Valencia", highlight: { es: "Timonera cerrada y dos camarotes: navega también en primavera y otoño.", en: "An enclosed wheelhouse and two cabins: ideal in spring and autumn too." }, day: 620, week: 3900, deposit: 1500, skipper: ["optional", 170], instant: false, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "pro", model: "first27", home: "marina-valencia", year: 2017, title: "Velero First 27 en Valencia: regata o paseo a vela", highlight: { es: "Las tardes de térmico en Valencia son perfectas para navegar a vela.", en: "Valencia's afternoon sea breeze is perfect for sailing." }, day: 210, half: 140, week: 1250, deposit: 500, skipper: ["optional", 150], instant: true, cancellation: "flexible", fuelPolicy: "included" },
  { owner: "pro", model: "hanse418", home: "marina-valencia", year: 2020, title: "Hanse 418 en Valencia, fácil de navegar con poca tripulación", highlight: { es: "Foque autovirante y maniobra a la bañera: dos personas bastan para llevarlo.", en: "Self-tacking jib and lines led aft: two people can sail her." }, day: 460, half: 300, week: 2900, deposit: 1500, skipper: ["optional", 170], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "pro", model: "keyLargo27", home: "marina-valencia", year: 2021, title: "Sessa Key Largo 27 hacia El Saler y la Albufera", highlight: { es: "Playas vírgenes del Parque Natural de la Albufera a veinte minutos de la Marina.", en: "Unspoilt beaches of the Albufera Natural Park twenty minutes from the marina." }, day: 640, half: 420, deposit: 1500, skipper: ["optional", 160], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },

  // Costa del Sol and Cádiz — Costa del Sol Yachting
  { owner: "costa", model: "princessV40", home: "puerto-banus-marbella", year: 2021, title: "Princess V40 en Puerto Banús con patrón", highlight: { es: "Patrón incluido y rumbo a las playas de Marbella o a Estepona para comer.", en: "Skipper included, heading for the beaches of Marbella or to Estepona for lunch." }, day: 2600, week: 16500, deposit: 5000, skipper: ["mandatory", 230], instant: false, cancellation: "strict", fuelPolicy: NOT_INCLUDED },
  { owner: "costa", model: "predator57", home: "puerto-banus-marbella", year: 2020, title: "Sunseeker Predator 57 en Marbella: lujo en la Costa del Sol", highlight: { es: "Tripulación de dos, juguetes acuáticos y servicio de catering a bordo.", en: "A crew of two, water toys and catering on board." }, day: 4500, week: 29000, deposit: 10000, skipper: ["mandatory", 260], instant: false, cancellation: "strict", fuelPolicy: NOT_INCLUDED },
  { owner: "costa", model: "ultra310", home: "puerto-banus-marbella", year: 2023, title: "Kawasaki Ultra 310LX en Puerto Banús", highlight: { es: "La moto de agua más potente de la costa, solo para titulares de licencia.", en: "The most powerful water scooter on the coast, for licence holders only." }, day: 360, half: 230, deposit: 1000, skipper: "none", instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED, jetski: { minimumAge: 18, guided: false, hour: 150 } },
  { owner: "costa", model: "lucia40", home: "puerto-banus-marbella", year: 2020, title: "Catamarán Lucia 40 en Marbella, ideal para familias", highlight: { es: "Estable y espacioso: los niños disfrutan de la red de proa y del paddle surf.", en: "Stable and spacious: children love the bow trampoline and the paddle board." }, day: 980, week: 6300, deposit: 2500, skipper: ["optional", 190], instant: false, cancellation: "strict", fuelPolicy: "included" },
  { owner: "costa", model: "flyer8", home: "puerto-banus-marbella", year: 2022, title: "Beneteau Flyer 8 Sundeck en Marbella", highlight: { es: "Lancha versátil para un día de playa en Cabopino o Las Chapas.", en: "A versatile boat for a beach day at Cabopino or Las Chapas." }, day: 620, half: 400, deposit: 1200, skipper: ["optional", 170], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "costa", model: "activ605", home: "puerto-malaga", year: 2020, title: "Quicksilver 605 en el Muelle Uno de Málaga", highlight: { es: "Navega frente a la Malagueta y la playa de Pedregalejo.", en: "Cruise off La Malagueta and Pedregalejo beach." }, day: 250, half: 160, deposit: 400, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: NOT_INCLUDED },
  { owner: "costa", model: "sunOdyssey410", home: "puerto-malaga", year: 2018, title: "Sun Odyssey 410 en Málaga: atardecer frente a la Malagueta", highlight: { es: "Salida al atardecer con patrón y cava a bordo.", en: "A sunset sail with a skipper and cava on board." }, day: 410, half: 270, week: 2500, deposit: 1500, skipper: ["optional", 170], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "costa", model: "gtx170", home: "puerto-malaga", year: 2022, title: "Moto de agua Sea-Doo GTX 170 en Málaga", highlight: { es: "Excursión guiada hasta el Rincón de la Victoria sin necesidad de licencia.", en: "A guided ride to Rincón de la Victoria, no licence needed." }, day: 280, half: 180, deposit: 600, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included", jetski: { minimumAge: 18, guided: true, hour: 100 } },
  { owner: "costa", model: "merryFisher605", home: "puerto-malaga", year: 2021, title: "Merry Fisher 605 en Málaga para pesca de fondo", highlight: { es: "Salidas de pesca de fondo con sonda y cañas incluidas." }, day: 230, half: 150, deposit: 400, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: NOT_INCLUDED },
  { owner: "costa", model: "pardo38", home: "puerto-sotogrande", year: 2021, title: "Pardo 38 en Sotogrande: delfines y Gibraltar", highlight: { es: "Avistamiento de delfines en la bahía de Algeciras con un barco rápido y cómodo.", en: "Dolphin watching in the Bay of Gibraltar aboard a fast, comfortable boat." }, day: 2000, week: 12800, deposit: 4000, skipper: ["optional", 220], instant: false, cancellation: "strict", fuelPolicy: NOT_INCLUDED },
  { owner: "costa", model: "bavaria46", home: "puerto-sotogrande", year: 2017, title: "Bavaria Cruiser 46 en Sotogrande para travesías", highlight: { es: "Preparado para cruzar el Estrecho o subir hasta Cádiz en una semana.", en: "Ready to cross the Strait or sail up to Cádiz in a week." }, day: 560, week: 3500, deposit: 2000, skipper: ["optional", 180], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "costa", model: "arvor690", home: "puerto-sotogrande", year: 2019, title: "Arvor 690 diésel para pescar en el Estrecho", highlight: { es: "Motor diésel económico para largas jornadas de pesca en aguas del Estrecho." }, day: 290, half: 190, deposit: 600, skipper: ["optional", 150], instant: false, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "costa", model: "medline", home: customPlaces.estepona, year: 2020, title: "Neumática Zodiac Medline 7.5 en Estepona", highlight: { es: "Rápida y segura para una excursión hasta Sotogrande o Puerto Banús.", en: "Fast and safe for a trip to Sotogrande or Puerto Banús." }, day: 540, half: 350, deposit: 800, skipper: ["optional", 160], instant: true, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "costa", model: "quicksilver505", home: "puerto-america-cadiz", year: 2022, title: "Barco de pesca sin licencia en la bahía de Cádiz", highlight: { es: "Pesca en la bahía sin titulación, con cebo y nevera incluidos.", en: "Fishing in the bay without a licence, with bait and a cool box included." }, day: 140, half: 90, deposit: 150, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included" },
  { owner: "costa", model: "antares9", home: "puerto-america-cadiz", year: 2019, title: "Beneteau Antares 9 en Cádiz: la bahía y Sancti Petri", highlight: { es: "Una jornada hasta el castillo de Sancti Petri con comida a bordo.", en: "A day trip to Sancti Petri castle with lunch on board." }, day: 560, week: 3500, deposit: 1500, skipper: ["optional", 170], instant: false, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },

  // Rías Baixas — Iago Fernández
  { owner: "iago", model: "rodman790", home: "marina-rias-baixas-vigo", year: 2016, title: "Rodman 790 para pescar en la ría de Vigo", highlight: { es: "Conozco cada piedra de la ría: si quieres, salgo contigo como patrón.", en: "I know every rock in the estuary: if you like, I come along as your skipper." }, day: 300, half: 190, deposit: 600, skipper: ["optional", 150], instant: false, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "iago", model: "activ755", home: "marina-rias-baixas-vigo", year: 2021, title: "Quicksilver 755 de Vigo a las islas Cíes", highlight: { es: "Tramito contigo el permiso del Parque Nacional para fondear en las Cíes.", en: "I help you get the National Park permit to anchor at the Cíes." }, day: 480, half: 310, deposit: 1000, skipper: ["optional", 160], instant: false, cancellation: "moderate", fuelPolicy: NOT_INCLUDED },
  { owner: "iago", model: "merryFisher605", home: "marina-rias-baixas-vigo", year: 2018, title: "Merry Fisher 605 en Vigo: pesca y bateas", highlight: { es: "Recorre las bateas de mejillón y pesca en los bajos de la ría." }, day: 210, half: 130, deposit: 400, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: NOT_INCLUDED },
  { owner: "iago", model: "oceanis381", home: customPlaces.sanxenxo, year: 2019, title: "Oceanis 38.1 en Sanxenxo hacia la isla de Ons", highlight: { es: "Navegación por las Rías Baixas con noche fondeados frente a Ons.", en: "Sailing the Rías Baixas with a night at anchor off Ons." }, day: 400, week: 2500, deposit: 1500, skipper: ["optional", 170], instant: false, cancellation: "moderate", fuelPolicy: "included" },
  { owner: "iago", model: "spark", home: customPlaces.sanxenxo, year: 2022, title: "Sea-Doo Spark en Sanxenxo: playas de la ría", highlight: { es: "Rutas guiadas por las playas de Silgar y A Lanzada.", en: "Guided rides along Silgar and A Lanzada beaches." }, day: 180, half: 110, deposit: 300, skipper: "none", instant: true, cancellation: "flexible", fuelPolicy: "included", jetski: { minimumAge: 18, guided: true, hour: 65 } },
];

// ---------------------------------------------------------------------------------------------
// The demo docks

export type DockSeed = {
  owner: OwnerKey;
  kind: DockKind;
  port: string;
  berthNumber: string;
  berthType: "pontoon" | "finger" | "buoy" | "dry";
  maxLengthM: number;
  maxBeamM: number;
  depthM: number;
  services: DockServices;
  description: Text;
  /** Euros: the sale price, concession and fee, or the rent by day and/or month. */
  sale?: { price: number; concessionYearsLeft: number; annualFee: number; marinaApprovalRequired: boolean };
  rent?: { daily?: number; monthly?: number; months: number };
};

const fullServices = (amps: number): DockServices => ({ water: true, electricity: true, electricityAmps: amps, wifi: true, showers: true, security: true, fuel: true, parking: true, pumpOut: true });

export const demoDocks: DockSeed[] = [
  { owner: "bcn", kind: "sale", port: "port-vell-barcelona", berthNumber: "B-114", berthType: "pontoon", maxLengthM: 15, maxBeamM: 4.6, depthM: 4.5, services: fullServices(32), sale: { price: 185_000, concessionYearsLeft: 18, annualFee: 6_200, marinaApprovalRequired: true }, description: { es: "Amarre de 15 metros en pantalán de Port Vell, a cinco minutos a pie del Born y de la Barceloneta. Concesión hasta 2043.", en: "A 15-metre pontoon berth in Port Vell, a five-minute walk from the Born and Barceloneta. Concession until 2043." } },
  { owner: "bcn", kind: "rent", port: "port-olimpic-barcelona", berthNumber: "D-27", berthType: "finger", maxLengthM: 10, maxBeamM: 3.5, depthM: 3.5, services: { water: true, electricity: true, electricityAmps: 16, wifi: true, showers: true, security: true, fuel: true, parking: false, pumpOut: false }, rent: { monthly: 780, months: 12 }, description: { es: "Amarre con finger para barcos de hasta 10 metros en Port Olímpic, por meses.", en: "A finger berth for boats up to 10 metres in Port Olímpic, by the month." } },
  { owner: "owner", kind: "sale", port: "club-de-mar-palma", berthNumber: "P3-08", berthType: "finger", maxLengthM: 12, maxBeamM: 4.2, depthM: 4, services: fullServices(32), sale: { price: 140_000, concessionYearsLeft: 14, annualFee: 5_400, marinaApprovalRequired: true }, description: { es: "Vendo mi amarre de 12 metros en el Club de Mar, en el pantalán 3, muy protegido del levante.", en: "Selling my 12-metre berth at Club de Mar, pontoon 3, well sheltered from easterly winds." } },
  { owner: "balear", kind: "sale", port: "marina-ibiza", berthNumber: "M-05", berthType: "pontoon", maxLengthM: 20, maxBeamM: 5.8, depthM: 5, services: fullServices(63), sale: { price: 420_000, concessionYearsLeft: 22, annualFee: 11_800, marinaApprovalRequired: true }, description: { es: "Amarre de 20 metros en Marina Ibiza, frente a Dalt Vila, con toma de 63 A y servicio de marinería.", en: "A 20-metre berth in Marina Ibiza, facing Dalt Vila, with 63 A power and marina staff on hand." } },
  { owner: "balear", kind: "rent", port: "puerto-mahon", berthNumber: "Boya 12", berthType: "buoy", maxLengthM: 10, maxBeamM: 3.6, depthM: 6, services: { water: false, electricity: false, wifi: false, showers: true, security: false, fuel: true, parking: true, pumpOut: false }, rent: { daily: 35, monthly: 690, months: 5 }, description: { es: "Boya de fondeo en el puerto de Mahón, en la zona de Cala Llonga, para la temporada de verano.", en: "A mooring buoy in Mahón harbour, by Cala Llonga, for the summer season." } },
  { owner: "pro", kind: "sale", port: "marina-denia", berthNumber: "C-41", berthType: "finger", maxLengthM: 10, maxBeamM: 3.8, depthM: 3.5, services: fullServices(16), sale: { price: 62_000, concessionYearsLeft: 11, annualFee: 2_900, marinaApprovalRequired: false }, description: { es: "Amarre de 10 metros en la Marina de Dénia, cerca de la capitanía y del aparcamiento.", en: "A 10-metre berth at Marina de Dénia, close to the harbour office and the car park." } },
  { owner: "pro", kind: "rent", port: "marina-valencia", berthNumber: "V-112", berthType: "pontoon", maxLengthM: 8, maxBeamM: 3, depthM: 3, services: { water: true, electricity: true, electricityAmps: 16, wifi: true, showers: true, security: true, fuel: false, parking: true, pumpOut: false }, rent: { daily: 30, monthly: 450, months: 12 }, description: { es: "Amarre de 8 metros en la Marina de Valencia por días o por meses, con vigilancia las 24 horas.", en: "An 8-metre berth at Marina de Valencia by the day or by the month, with 24-hour security." } },
  { owner: "pro", kind: "rent", port: "puerto-alicante", berthNumber: "A-18", berthType: "finger", maxLengthM: 12, maxBeamM: 4.2, depthM: 4, services: fullServices(32), rent: { monthly: 890, months: 10 }, description: { es: "Amarre de 12 metros en la Marina Deportiva de Alicante, a un paso del centro y de la Explanada.", en: "A 12-metre berth at Alicante's marina, a stone's throw from the centre and the Explanada." } },
  { owner: "costa", kind: "sale", port: "puerto-banus-marbella", berthNumber: "Muelle Ribera 62", berthType: "pontoon", maxLengthM: 12, maxBeamM: 4.5, depthM: 4, services: fullServices(32), sale: { price: 290_000, concessionYearsLeft: 9, annualFee: 8_700, marinaApprovalRequired: true }, description: { es: "Amarre de 12 metros en el muelle de Ribera de Puerto Banús, en primera línea de tiendas y restaurantes.", en: "A 12-metre berth on Puerto Banús's Ribera quay, right in front of the shops and restaurants." } },
  { owner: "costa", kind: "sale", port: "puerto-sotogrande", berthNumber: "E-210", berthType: "finger", maxLengthM: 18, maxBeamM: 5.5, depthM: 5, services: fullServices(63), sale: { price: 240_000, concessionYearsLeft: 25, annualFee: 7_300, marinaApprovalRequired: false }, description: { es: "Amarre de 18 metros en Puerto Sotogrande, con concesión larga y gastos de comunidad moderados.", en: "An 18-metre berth in Puerto Sotogrande, with a long concession and moderate service charges." } },
  { owner: "costa", kind: "rent", port: "puerto-malaga", berthNumber: "M1-33", berthType: "pontoon", maxLengthM: 9, maxBeamM: 3.2, depthM: 3.5, services: { water: true, electricity: true, electricityAmps: 16, wifi: false, showers: true, security: true, fuel: true, parking: true, pumpOut: true }, rent: { daily: 28, months: 6 }, description: { es: "Amarre por días junto al Muelle Uno de Málaga, ideal para escalas y visitas a la ciudad.", en: "A berth by the day next to Muelle Uno in Málaga, ideal for stopovers and visiting the city." } },
  { owner: "costa", kind: "rent", port: "puerto-america-cadiz", berthNumber: "Varadero 7", berthType: "dry", maxLengthM: 7, maxBeamM: 2.6, depthM: 0, services: { water: true, electricity: true, electricityAmps: 16, wifi: false, showers: false, security: true, fuel: false, parking: true, pumpOut: false }, rent: { monthly: 210, months: 12 }, description: { es: "Plaza en marina seca en Puerto América para lanchas de hasta 7 metros, con botadura a petición.", en: "A dry-stack space in Puerto América for boats up to 7 metres, launched on request." } },
  { owner: "iago", kind: "rent", port: "marina-rias-baixas-vigo", berthNumber: "Pantalán 4-19", berthType: "pontoon", maxLengthM: 11, maxBeamM: 3.9, depthM: 5, services: { water: true, electricity: true, electricityAmps: 32, wifi: true, showers: true, security: true, fuel: true, parking: true, pumpOut: false }, rent: { monthly: 520, months: 12 }, description: { es: "Amarre de 11 metros en el Náutico de Vigo, muy resguardado y con acceso controlado.", en: "An 11-metre berth at the Náutico de Vigo, well sheltered and with controlled access." } },
];

// ---------------------------------------------------------------------------------------------
// From seeds to form steps

function conditionsText(seed: BoatSeed, model: BoatModel, lang: "es" | "en"): string {
  const es = lang === "es";
  const parts: string[] = [];
  if (seed.skipper === "none") {
    if (model.licence === "none") parts.push(es ? "No necesitas titulación." : "No licence needed.");
    else parts.push(es ? "Sin patrón: necesitas la titulación indicada." : "No skipper: you need the licence shown.");
  } else if (seed.skipper[0] === "optional") {
    parts.push(es ? `Patrón opcional por ${seed.skipper[1]} € al día.` : `Optional skipper for €${seed.skipper[1]} a day.`);
  } else {
    parts.push(es ? `Con patrón profesional (${seed.skipper[1]} € al día).` : `With a professional skipper (€${seed.skipper[1]} a day).`);
  }
  parts.push(
    seed.fuelPolicy === "included"
      ? es
        ? "Combustible incluido."
        : "Fuel included."
      : es
        ? "Combustible no incluido: se entrega y se devuelve con el depósito lleno."
        : "Fuel not included: collected and returned with a full tank.",
  );
  if (seed.jetski) {
    parts.push(es ? `Edad mínima para conducir: ${seed.jetski.minimumAge} años.` : `Minimum age to ride: ${seed.jetski.minimumAge}.`);
    if (seed.jetski.guided) parts.push(es ? "También ofrecemos salidas guiadas por monitor sin licencia." : "We also offer instructor-led rides without a licence.");
  }
  return parts.join(" ");
}

/** The complete form data of a demo boat (euros become cents). */
export function boatSeedData(seed: BoatSeed): Record<string, unknown> {
  const model: BoatModel = boatModels[seed.model];
  const placeKey = typeof seed.home === "string" ? seed.home : seed.home.city;
  const blurb = portBlurbs[placeKey];
  const description: Partial<Record<Lang, string>> = {
    es: [model.about.es, seed.highlight.es, blurb?.es, conditionsText(seed, model, "es")].filter(Boolean).join(" "),
  };
  if (seed.highlight.en && model.about.en) {
    description.en = [model.about.en, seed.highlight.en, blurb?.en, conditionsText(seed, model, "en")].filter(Boolean).join(" ");
  }
  return {
    type: model.type,
    title: seed.title,
    description,
    make: model.make,
    model: model.model,
    year: seed.year,
    lengthM: model.lengthM,
    capacity: model.capacity,
    cabins: model.cabins,
    berths: model.berths,
    enginePowerHp: model.enginePowerHp,
    fuel: model.fuel,
    equipment: model.equipment,
    homePort: typeof seed.home === "string" ? { portSlug: seed.home } : seed.home,
    meetingPoint: seed.meeting?.[0],
    meetingTime: seed.meeting?.[1],
    dayPriceCents: seed.day * 100,
    halfDayPriceCents: seed.half === undefined ? undefined : seed.half * 100,
    weekPriceCents: seed.week === undefined ? undefined : seed.week * 100,
    depositCents: seed.deposit * 100,
    skipper: seed.skipper === "none" ? { mode: "none" } : { mode: seed.skipper[0], dailyPriceCents: seed.skipper[1] * 100 },
    // With a skipper always on board, the renter needs no licence.
    licence: seed.skipper !== "none" && seed.skipper[0] === "mandatory" ? "none" : model.licence,
    fuelPolicy: seed.fuelPolicy,
    instantBooking: seed.instant,
    cancellationPolicy: seed.cancellation,
    ...(seed.jetski ? { hourPriceCents: seed.jetski.hour * 100, minimumAge: seed.jetski.minimumAge, guidedWithoutLicence: seed.jetski.guided } : {}),
  };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The complete form data of a demo dock; rentals are available from `today` for the seed's months. */
export function dockSeedData(seed: DockSeed, today = new Date()): Record<string, unknown> {
  const common = {
    kind: seed.kind,
    portSlug: seed.port,
    berthNumber: seed.berthNumber,
    description: seed.description,
    berthType: seed.berthType,
    maxLengthM: seed.maxLengthM,
    maxBeamM: seed.maxBeamM,
    depthM: seed.depthM,
    services: seed.services,
  };
  if (seed.kind === "sale") {
    const sale = seed.sale!;
    return {
      ...common,
      priceCents: sale.price * 100,
      concessionYearsLeft: sale.concessionYearsLeft,
      annualFeeCents: sale.annualFee * 100,
      marinaApprovalRequired: sale.marinaApprovalRequired,
    };
  }
  const rent = seed.rent!;
  const until = new Date(today);
  until.setUTCMonth(until.getUTCMonth() + rent.months);
  return {
    ...common,
    dailyPriceCents: rent.daily === undefined ? undefined : rent.daily * 100,
    monthlyPriceCents: rent.monthly === undefined ? undefined : rent.monthly * 100,
    availableFrom: isoDay(today),
    availableTo: isoDay(until),
  };
}

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => data[field] !== undefined).map((field) => [field, data[field]]));
}

// ---------------------------------------------------------------------------------------------
// The seed step

/** Finds or registers the demo owners; returns their uids (an owner the password policy refuses is left out). */
async function demoOwnerUids(services: Services): Promise<Map<OwnerKey, string>> {
  const { identity, users, accounts, config } = services;
  const uids = new Map<OwnerKey, string>();
  for (const [key, email] of Object.entries(ownerEmails) as Array<[OwnerKey, string]>) {
    const existing = await identity.getUserByEmail(email);
    if (existing) {
      uids.set(key, existing.uid);
      continue;
    }
    const demo = extraDemoOwners.find((owner) => owner.key === key);
    if (!demo) continue;
    try {
      const session = await accounts.register({
        email: demo.email,
        password: DEMO_PASSWORD,
        displayName: demo.displayName,
        kind: demo.kind,
        company: demo.company ?? null,
        lang: "es",
        origin: config.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${config.PORT || 3000}`,
      });
      await users.update(session.uid, { bio: demo.bio, languages: demo.languages });
      if (demo.lessor) await users.setLessor(session.uid, demo.lessor);
      uids.set(key, session.uid);
    } catch (error) {
      if (!isIdentityError(error, "password-does-not-meet-requirements")) throw error;
      console.warn(`Demo owner ${demo.email} skipped: the password policy refuses "${DEMO_PASSWORD}".`);
    }
  }
  return uids;
}

/** Creates one listing the way an owner does: draft, every step, photos, publish. */
async function publishThroughForms(
  listings: ListingsService,
  ownerUid: string,
  kind: ListingKind,
  data: Record<string, unknown>,
  photos: ListingPhoto[],
): Promise<string> {
  if (kind === "boat") {
    const type = data.type as BoatTypeId;
    const draft = await listings.createDraft(ownerUid, "boat", type);
    for (const step of boatSteps) await listings.saveStep(ownerUid, draft.id, step, pick(data, boatStepFields(step, type)));
    await listings.setPhotos(ownerUid, draft.id, photos);
    await listings.publish(ownerUid, draft.id);
    return draft.id;
  }
  const dockKind = data.kind as DockKind;
  const draft = await listings.createDraft(ownerUid, "dock", dockKind);
  for (const step of dockSteps) await listings.saveStep(ownerUid, draft.id, step, pick(data, dockStepFields(step, dockKind)));
  await listings.setPhotos(ownerUid, draft.id, photos);
  await listings.publish(ownerUid, draft.id);
  return draft.id;
}

/**
 * Publishes the demo boats and docks. Listings an owner already has (same boat title, or same
 * dock berth at the same port) are skipped, so a step interrupted halfway can run again.
 */
export async function seedDemoListings(services: Services, photoProvider: PhotoProvider): Promise<{ boats: number; docks: number }> {
  const { listings } = services;
  const owners = await demoOwnerUids(services);
  const existing = new Set<string>();
  for (const uid of owners.values()) {
    for (const listing of await listings.listByOwner(uid)) {
      existing.add(listing.kind === "boat" ? `${uid}|boat|${listing.data.title}` : `${uid}|dock|${listing.data.portSlug}|${listing.data.berthNumber}`);
    }
  }
  const photoIndex = new Map<string, number>();
  const nextPhotos = (kind: ListingKind, type: BoatTypeId | DockKind) => {
    const index = photoIndex.get(`${kind}:${type}`) ?? 0;
    photoIndex.set(`${kind}:${type}`, index + 1);
    return photoProvider(kind, type, index);
  };
  let boats = 0;
  let docks = 0;
  for (const seed of demoBoats) {
    const uid = owners.get(seed.owner);
    if (!uid || existing.has(`${uid}|boat|${seed.title}`)) continue;
    const data = boatSeedData(seed);
    await publishThroughForms(listings, uid, "boat", data, await nextPhotos("boat", data.type as BoatTypeId));
    boats++;
  }
  for (const seed of demoDocks) {
    const uid = owners.get(seed.owner);
    if (!uid || existing.has(`${uid}|dock|${seed.port}|${seed.berthNumber}`)) continue;
    await publishThroughForms(listings, uid, "dock", dockSeedData(seed), await nextPhotos("dock", seed.kind));
    docks++;
  }
  return { boats, docks };
}

/** The `listings-v1` seed step, once a photo provider exists to give every listing its photos. */
export function listingsSeedStep(photoProvider: PhotoProvider): SeedStep {
  return {
    id: "listings-v1",
    async run(services) {
      await seedDemoListings(services, photoProvider);
    },
  };
}
