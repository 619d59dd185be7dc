import type { Company, Lessor } from "#app/features/profiles/.server";

/** The demo accounts listed in the README; all use the password DEMO_PASSWORD. */
export const DEMO_PASSWORD = "amarre-demo";

export type DemoAccount = {
  email: string;
  displayName: string;
  kind: "person" | "professional";
  role?: "admin";
  bio: string;
  languages: string[];
  company?: Company;
  lessor?: Lessor;
};

export const demoAccounts: DemoAccount[] = [
  {
    email: "renter@amarre.test",
    displayName: "Lucía Martín",
    kind: "person",
    bio: "Me encanta pasar los veranos navegando por las calas de Menorca con amigos.",
    languages: ["es", "en"],
  },
  {
    email: "owner@amarre.test",
    displayName: "Javier Ortega",
    kind: "person",
    bio: "Patrón de yate con base en Palma. Alquilo mi velero y mi lancha cuando no salgo a navegar.",
    languages: ["es", "en", "de"],
    lessor: {
      legalName: "Javier Ortega Ruiz",
      idDocument: "12345678Z",
      phone: "+34 600 123 456",
      address: "Passeig Marítim 12, 07014 Palma",
      iban: "ES9121000418450200051332",
    },
  },
  {
    email: "pro@amarre.test",
    displayName: "Marta Ferrer",
    kind: "professional",
    bio: "Empresa de chárter con flota propia en la Costa Blanca desde 2009.",
    languages: ["es", "en", "fr"],
    company: { name: "Náutica Levante S.L.", taxId: "B12345674", phone: "+34 965 000 111", address: "Marina de Dénia, 03700 Dénia" },
    lessor: {
      legalName: "Náutica Levante S.L.",
      idDocument: "B12345674",
      phone: "+34 965 000 111",
      address: "Marina de Dénia, 03700 Dénia",
      iban: "ES7921000813610123456789",
    },
  },
  {
    email: "admin@amarre.test",
    displayName: "Equipo Amarre",
    kind: "person",
    role: "admin",
    bio: "El equipo que tramita las gestiones náuticas de Amarre.",
    languages: ["es", "en", "fr", "de"],
  },
];
