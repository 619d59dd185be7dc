import type { PortInput } from "#app/features/ports/.server";

/** Ports along the Spanish coast and the Balearic Islands. */
export const demoPorts: PortInput[] = [
  { slug: "port-vell-barcelona", name: "Port Vell", city: "Barcelona", region: "Cataluña", lat: 41.3754, lng: 2.1837 },
  { slug: "port-olimpic-barcelona", name: "Port Olímpic", city: "Barcelona", region: "Cataluña", lat: 41.3853, lng: 2.2016 },
  { slug: "club-de-mar-palma", name: "Club de Mar", city: "Palma", region: "Islas Baleares", lat: 39.5593, lng: 2.6275 },
  { slug: "marina-ibiza", name: "Marina Ibiza", city: "Ibiza", region: "Islas Baleares", lat: 38.9158, lng: 1.4448 },
  { slug: "puerto-mahon", name: "Puerto de Mahón", city: "Mahón", region: "Islas Baleares", lat: 39.8885, lng: 4.2658 },
  { slug: "marina-valencia", name: "Marina de Valencia", city: "Valencia", region: "Comunidad Valenciana", lat: 39.4627, lng: -0.3256 },
  { slug: "puerto-alicante", name: "Marina Deportiva de Alicante", city: "Alicante", region: "Comunidad Valenciana", lat: 38.3387, lng: -0.4797 },
  { slug: "marina-denia", name: "Marina de Dénia", city: "Dénia", region: "Comunidad Valenciana", lat: 38.8417, lng: 0.1124 },
  { slug: "puerto-malaga", name: "Puerto de Málaga", city: "Málaga", region: "Andalucía", lat: 36.7168, lng: -4.4141 },
  { slug: "puerto-banus-marbella", name: "Puerto Banús", city: "Marbella", region: "Andalucía", lat: 36.4853, lng: -4.9526 },
  { slug: "puerto-sotogrande", name: "Puerto Sotogrande", city: "Sotogrande", region: "Andalucía", lat: 36.2927, lng: -5.2685 },
  { slug: "puerto-america-cadiz", name: "Puerto América", city: "Cádiz", region: "Andalucía", lat: 36.5380, lng: -6.2900 },
  { slug: "marina-rias-baixas-vigo", name: "Real Club Náutico de Vigo", city: "Vigo", region: "Galicia", lat: 42.2406, lng: -8.7260 },
];
