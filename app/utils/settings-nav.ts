/** Every page of the settings area, in the order of the panel's navigation. */
export const settingsNavigation = [
  { path: "/ajustes", key: "dashboard" },
  { path: "/ajustes/mi-perfil", key: "profile" },
  { path: "/ajustes/completar-perfil-arrendador", key: "lessor" },
  { path: "/ajustes/mi-bandeja-de-entrada", key: "inbox" },
  { path: "/ajustes/mis-reservas", key: "reservations" },
  { path: "/ajustes/favoritos", key: "favourites" },
  { path: "/ajustes/facturas", key: "invoices" },
  { path: "/ajustes/opiniones", key: "reviews" },
  { path: "/ajustes/inscribir-tu-barco", key: "listBoat" },
  { path: "/ajustes/mis-barcos", key: "myBoats" },
  { path: "/ajustes/recopilar-borrador-alquiler", key: "drafts" },
  { path: "/ajustes/gestion-de-alquileres", key: "rentals" },
  { path: "/ajustes/mi-calendario", key: "calendar" },
] as const;
