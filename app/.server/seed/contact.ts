import { createCasesService } from "#app/features/cases/.server";
import type { Services } from "../services";

/**
 * A message a visitor sent through /contacto, as the team finds it in /admin/gestiones: a case of
 * type `contact`, still `received`. Written through the cases service without a notifier, so no
 * email goes out for the past.
 */
export async function seedDemoContactCase(services: Services): Promise<void> {
  const { store, blobs } = services;
  const cases = createCasesService({ store, blobs });
  await cases.create({
    type: "contact",
    requesterUid: null,
    contact: { name: "Inés Roca", email: "ines.roca@example.com", phone: null },
    details: {
      subject: "Alquilar mi velero solo en julio y agosto",
      message:
        "Hola:\n\nTengo un velero de 9 metros en el Port de Pollença y solo quiero alquilarlo en julio y agosto. ¿Puedo bloquear el resto de meses en el calendario? ¿Y la tarifa de servicio la paga quien alquila?\n\nGracias,\nInés",
    },
    lang: "es",
  });
}

/**
 * A request sent signed out with the email of a demo account (the owner's): it stays a visitor's
 * case, marked so in /admin/gestiones, and is not in the owner's cases until she opens the signed
 * link its emails carry (none is sent for the past).
 */
export async function seedDemoVisitorCase(services: Services): Promise<void> {
  const { store, blobs } = services;
  const cases = createCasesService({ store, blobs });
  await cases.create({
    type: "limpieza",
    requesterUid: null,
    contact: { name: "Javier Ortega", email: "owner@amarre.test", phone: "+34 655 444 333" },
    details: { port: "Port d'Andratx", lengthM: 10.5, cleaning: "full", date: "2027-04-20", notes: "Lo pido desde el móvil de mi hermano, sin entrar en mi cuenta." },
    lang: "es",
  });
}
