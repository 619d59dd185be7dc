import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { BlogTexts } from "#app/features/blog";
import type { Services } from "../services";

/**
 * Six demo posts, each in the four languages, with covers rendered from the illustrations in
 * public/images (the same sources as the demo listing photos) and put through the real photo
 * pipeline by the blog service. Written by the demo admin, published on staggered dates.
 */
type DemoPost = { cover: string; tint: number; publishedAt: string; texts: BlogTexts };

/** A 1280×720 JPEG of an illustration: scenes fill the frame, icons (`services/…`) sit on a pale sea background. */
async function coverFrom(file: string, tint: number): Promise<Uint8Array> {
  const svg = fs.readFileSync(path.resolve("public/images", file));
  const icon = file.startsWith("services/");
  const jpeg = await sharp(svg, { density: icon ? 288 : 144 })
    .resize(1280, 720, { fit: icon ? "contain" : "cover", position: "centre", background: "#e8f1fb" })
    .flatten({ background: "#e8f1fb" })
    .modulate({ hue: tint, saturation: 1.05 })
    .jpeg({ quality: 86 })
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}

export const demoPosts: DemoPost[] = [
  {
    cover: "boats/sail.svg",
    tint: 0,
    publishedAt: "2026-04-08T08:00:00.000Z",
    texts: {
      es: {
        title: "Cinco rutas en barco por las Baleares",
        slug: "rutas-en-barco-por-baleares",
        excerpt: "De las calas del sur de Menorca a las aguas turquesa de Formentera: cinco travesías de un día para descubrir las islas desde el mar.",
        body: `Las Baleares son uno de los mejores destinos del Mediterráneo para navegar: distancias cortas, fondeaderos abrigados y agua transparente. Estas son nuestras cinco rutas favoritas de un día.

## 1. Sur de Menorca: Cala Galdana a Cala Turqueta
Arena blanca, pinos hasta el agua y poca profundidad. Sal temprano en verano: a mediodía los fondeaderos se llenan.

## 2. Ibiza a Formentera
Desde Sant Antoni o Eivissa cruzas a **Ses Illetes** y s'Espalmador en poco más de una hora con una lancha.

## 3. Parque Nacional de Cabrera
Se navega y fondea con **autorización previa** y en las boyas del parque. Merece la pena la visita al castillo.

## 4. Es Trenc y la Colònia de Sant Jordi
Una playa virgen de aguas someras, ideal para familias.

## 5. Costa norte de Mallorca
Formentor y Cala Sant Vicenç: acantilados espectaculares, mejor con el mar en calma.

> Recuerda: en Baleares está prohibido fondear sobre posidonia. Busca fondo de arena o usa las boyas ecológicas.`,
      },
      en: {
        title: "Five boat routes around the Balearic Islands",
        slug: "boat-routes-balearic-islands",
        excerpt: "From the coves of southern Menorca to the turquoise water of Formentera: five day trips to discover the islands from the sea.",
        body: `The Balearics are one of the best places to sail in the Mediterranean: short hops, sheltered anchorages and crystal-clear water. These are our five favourite day routes.

## 1. Southern Menorca: Cala Galdana to Cala Turqueta
White sand and pine trees down to the water. In summer, leave early: by midday the anchorages fill up.

## 2. Ibiza to Formentera
From Sant Antoni or Ibiza town you reach **Ses Illetes** and s'Espalmador in just over an hour by motorboat.

## 3. Cabrera National Park
Sailing and mooring need a **permit in advance**, and you tie up to the park's buoys. The castle walk is worth it.

## 4. Es Trenc and Colònia de Sant Jordi
An unspoilt beach with shallow water, perfect for families.

## 5. Mallorca's north coast
Formentor and Cala Sant Vicenç: dramatic cliffs, best enjoyed on a calm day.

> Remember: anchoring on posidonia seagrass is banned in the Balearics. Drop anchor on sand or use the eco-moorings.`,
      },
      fr: {
        title: "Cinq itinéraires en bateau aux Baléares",
        slug: "itineraires-bateau-baleares",
        excerpt: "Des criques du sud de Minorque aux eaux turquoise de Formentera : cinq sorties à la journée pour découvrir les îles depuis la mer.",
        body: `Les Baléares sont l'une des plus belles zones de navigation de Méditerranée : des distances courtes, des mouillages abrités et une eau limpide. Voici nos cinq itinéraires préférés à la journée.

## 1. Sud de Minorque : de Cala Galdana à Cala Turqueta
Sable blanc et pins jusqu'au bord de l'eau. En été, partez tôt : à midi, les mouillages sont pleins.

## 2. D'Ibiza à Formentera
Depuis Sant Antoni ou Ibiza, vous rejoignez **Ses Illetes** et s'Espalmador en un peu plus d'une heure en bateau à moteur.

## 3. Parc national de Cabrera
La navigation et le mouillage exigent une **autorisation préalable**, sur les bouées du parc. La montée au château vaut le détour.

## 4. Es Trenc et la Colònia de Sant Jordi
Une plage préservée aux eaux peu profondes, idéale en famille.

## 5. La côte nord de Majorque
Formentor et Cala Sant Vicenç : des falaises spectaculaires, à découvrir par mer calme.

> À savoir : il est interdit de mouiller sur la posidonie aux Baléares. Choisissez un fond de sable ou les bouées écologiques.`,
      },
      de: {
        title: "Fünf Bootsrouten rund um die Balearen",
        slug: "bootsrouten-balearen",
        excerpt: "Von den Buchten im Süden Menorcas bis zum türkisfarbenen Wasser Formenteras: fünf Tagestouren, um die Inseln vom Meer aus zu entdecken.",
        body: `Die Balearen gehören zu den schönsten Segelrevieren im Mittelmeer: kurze Schläge, geschützte Ankerbuchten und glasklares Wasser. Das sind unsere fünf liebsten Tagesrouten.

## 1. Südküste Menorcas: von Cala Galdana nach Cala Turqueta
Weißer Sand und Pinien bis ans Wasser. Im Sommer früh losfahren: Mittags sind die Ankerplätze voll.

## 2. Von Ibiza nach Formentera
Von Sant Antoni oder Ibiza-Stadt erreichen Sie **Ses Illetes** und s'Espalmador mit dem Motorboot in gut einer Stunde.

## 3. Nationalpark Cabrera
Befahren und Festmachen nur mit **vorheriger Genehmigung** und an den Bojen des Parks. Der Aufstieg zur Burg lohnt sich.

## 4. Es Trenc und Colònia de Sant Jordi
Ein naturbelassener Strand mit flachem Wasser, ideal für Familien.

## 5. Mallorcas Nordküste
Formentor und Cala Sant Vicenç: spektakuläre Steilküste, am besten bei ruhiger See.

> Wichtig: Auf den Balearen ist Ankern auf Posidonia-Seegras verboten. Ankern Sie auf Sand oder nutzen Sie die Öko-Bojen.`,
      },
    },
  },
  {
    cover: "boats/motor.svg",
    tint: 12,
    publishedAt: "2026-04-22T08:00:00.000Z",
    texts: {
      es: {
        title: "Qué titulación necesitas para llevar un barco en España",
        slug: "titulacion-para-llevar-un-barco-en-espana",
        excerpt: "Sin titulación, Licencia de Navegación, PNB, PER, Patrón y Capitán de Yate: qué permite cada una y cuál te conviene.",
        body: `En España las titulaciones de recreo las regula el Real Decreto 875/2014. Cada una amplía la eslora y la distancia a la costa.

## Sin titulación
Embarcaciones de hasta **5 metros** y motor de hasta 15 kW, de día y cerca de la costa. Ideal para una lancha pequeña en la cala.

## Licencia de Navegación
Un curso práctico de unas horas, sin examen. Barcos de hasta **6 metros**, de día y a no más de 2 millas de un puerto o playa. También motos de agua.

## PNB y PER
- **PNB**: hasta 8 metros y 5 millas de la costa, de día y de noche.
- **PER**: hasta 15 metros (24 con prácticas adicionales) y 12 millas, además de la navegación entre islas de Baleares y Canarias.

## Patrón y Capitán de Yate
Para esloras de hasta 24 metros: el Patrón de Yate hasta 150 millas de la costa y el Capitán de Yate sin límite.

En cada anuncio de Amarre verás la titulación que pide el barco. Si no la tienes, busca barcos con **patrón incluido**.`,
      },
      en: {
        title: "Which licence do you need to skipper a boat in Spain?",
        slug: "boat-licence-spain",
        excerpt: "No licence, Licencia de Navegación, PNB, PER, Yachtmaster and Captain: what each allows and which one suits you.",
        body: `Recreational boating licences in Spain are set out in Royal Decree 875/2014. Each step up allows a longer boat and more distance from the coast.

## No licence
Boats up to **5 metres** with an engine of up to 15 kW, in daylight and close to the shore. Perfect for a small boat to reach a cove.

## Licencia de Navegación
A practical course of a few hours, with no exam. Boats up to **6 metres**, in daylight and within 2 miles of a port or beach. Jet skis too.

## PNB and PER
- **PNB**: up to 8 metres and 5 miles from the coast, day and night.
- **PER**: up to 15 metres (24 with extra training) and 12 miles, plus crossings between the Balearic and Canary islands.

## Patrón de Yate and Capitán de Yate
For boats up to 24 metres: Patrón de Yate up to 150 miles offshore, Capitán de Yate without limits.

Every Amarre listing shows the licence the boat requires. If you do not have it, look for boats with a **skipper included**.`,
      },
      fr: {
        title: "Quel permis faut-il pour piloter un bateau en Espagne ?",
        slug: "permis-bateau-espagne",
        excerpt: "Sans permis, Licencia de Navegación, PNB, PER, Patrón et Capitán de Yate : ce que chacun permet et lequel vous convient.",
        body: `En Espagne, les titres de plaisance sont définis par le décret royal 875/2014. Chaque niveau autorise un bateau plus long et une navigation plus au large.

## Sans permis
Bateaux jusqu'à **5 mètres** avec un moteur de 15 kW maximum, de jour et près de la côte. Parfait pour rejoindre une crique.

## Licencia de Navegación
Une formation pratique de quelques heures, sans examen. Bateaux jusqu'à **6 mètres**, de jour et à 2 milles au plus d'un port ou d'une plage. Jet-skis compris.

## PNB et PER
- **PNB** : jusqu'à 8 mètres et 5 milles des côtes, de jour comme de nuit.
- **PER** : jusqu'à 15 mètres (24 avec une formation complémentaire) et 12 milles, ainsi que la navigation entre les îles des Baléares et des Canaries.

## Patrón et Capitán de Yate
Pour les bateaux jusqu'à 24 mètres : le Patrón de Yate jusqu'à 150 milles des côtes, le Capitán de Yate sans limite.

Chaque annonce Amarre indique le permis exigé. Si vous ne l'avez pas, choisissez un bateau **avec skipper**.`,
      },
      de: {
        title: "Welchen Bootsführerschein brauchen Sie in Spanien?",
        slug: "bootsfuehrerschein-spanien",
        excerpt: "Ohne Schein, Licencia de Navegación, PNB, PER, Patrón und Capitán de Yate: was jeder erlaubt und welcher zu Ihnen passt.",
        body: `Die Sportbootführerscheine in Spanien regelt das Königliche Dekret 875/2014. Jede Stufe erlaubt ein längeres Boot und mehr Abstand zur Küste.

## Ohne Führerschein
Boote bis **5 Meter** mit höchstens 15 kW Motorleistung, bei Tageslicht und in Küstennähe. Ideal, um mit einem kleinen Boot in die nächste Bucht zu fahren.

## Licencia de Navegación
Ein praktischer Kurs von wenigen Stunden, ohne Prüfung. Boote bis **6 Meter**, bei Tag und höchstens 2 Meilen von einem Hafen oder Strand entfernt. Auch Jetskis.

## PNB und PER
- **PNB**: bis 8 Meter und 5 Meilen vor der Küste, bei Tag und Nacht.
- **PER**: bis 15 Meter (24 mit zusätzlicher Praxis) und 12 Meilen, dazu die Überfahrt zwischen den Balearen- und Kanareninseln.

## Patrón de Yate und Capitán de Yate
Für Boote bis 24 Meter: Patrón de Yate bis 150 Meilen vor der Küste, Capitán de Yate ohne Begrenzung.

In jedem Amarre-Inserat steht, welchen Schein das Boot verlangt. Haben Sie ihn nicht, suchen Sie nach Booten **mit Skipper**.`,
      },
    },
  },
  {
    cover: "services/paperwork.svg",
    tint: -8,
    publishedAt: "2026-05-06T08:00:00.000Z",
    texts: {
      es: {
        title: "Qué es la ITB y cuándo debe pasarla tu barco",
        slug: "que-es-la-itb-del-barco",
        excerpt: "La Inspección Técnica de Buques comprueba que tu embarcación es segura. Te contamos qué revisan, cada cuánto y cómo prepararla.",
        body: `La **ITB** (Inspección Técnica de Buques) es a los barcos lo que la ITV a los coches: una revisión periódica que acredita que la embarcación sigue siendo segura. La realizan entidades colaboradoras autorizadas por la Dirección General de la Marina Mercante.

## Qué revisan
- Casco, timón y arbotantes (a menudo con el barco en seco).
- Motor, instalación de combustible y eléctrica.
- Luces de navegación, equipo de seguridad y de salvamento.

## Cada cuánto
Depende de la eslora, la lista y la antigüedad del barco; en recreo lo habitual es un reconocimiento periódico cada cinco años. La fecha de caducidad figura en tu **Certificado de Navegabilidad**.

## Cómo prepararla
1. Revisa fechas de bengalas, extintores y balsa salvavidas.
2. Aprovecha la varada anual para el reconocimiento del casco.
3. Ten a mano la documentación del barco.

Si no quieres ocuparte, nuestra [gestoría](/gestoria/itb-barco) lo tramita por ti.`,
      },
      en: {
        title: "What is the ITB and when does your boat need it?",
        slug: "what-is-the-itb-boat-inspection",
        excerpt: "The ITB is Spain's technical inspection for boats. What it checks, how often it is due and how to prepare for it.",
        body: `The **ITB** (Inspección Técnica de Buques) is to boats what the MOT is to cars: a periodic inspection confirming the vessel is still safe. It is carried out by inspection bodies approved by Spain's Merchant Navy authority.

## What is checked
- Hull, rudder and shaft brackets (often with the boat out of the water).
- Engine, fuel and electrical systems.
- Navigation lights, safety and life-saving equipment.

## How often
It depends on the boat's length, registration list and age; for leisure boats a periodic survey every five years is usual. The expiry date is on your **certificate of seaworthiness**.

## How to prepare
1. Check the expiry dates of flares, extinguishers and the life raft.
2. Combine the hull survey with the yearly haul-out.
3. Keep the boat's papers at hand.

If you would rather not deal with it, our [paperwork service](/gestoria/itb-barco) handles it for you.`,
      },
      fr: {
        title: "Qu’est-ce que l’ITB et quand votre bateau doit-il la passer ?",
        slug: "itb-inspection-technique-bateau",
        excerpt: "L’ITB est le contrôle technique des bateaux en Espagne : ce qui est vérifié, à quelle fréquence et comment s’y préparer.",
        body: `L'**ITB** (Inspección Técnica de Buques) est aux bateaux ce que le contrôle technique est aux voitures : une inspection périodique qui atteste que le navire reste sûr. Elle est réalisée par des organismes agréés par la Marine marchande espagnole.

## Ce qui est vérifié
- Coque, safran et chaises d'arbre (souvent bateau au sec).
- Moteur, circuits de carburant et électrique.
- Feux de navigation, matériel de sécurité et de sauvetage.

## À quelle fréquence
Cela dépend de la longueur, de la liste d'immatriculation et de l'âge du bateau ; en plaisance, une visite périodique tous les cinq ans est la règle courante. La date d'échéance figure sur votre **certificat de navigabilité**.

## Comment s'y préparer
1. Vérifiez les dates des fusées, extincteurs et radeau de survie.
2. Profitez du carénage annuel pour l'inspection de la coque.
3. Gardez les papiers du bateau à portée de main.

Si vous préférez déléguer, notre [service de démarches](/gestoria/itb-barco) s'en occupe.`,
      },
      de: {
        title: "Was ist die ITB und wann muss Ihr Boot dorthin?",
        slug: "itb-technische-bootsinspektion",
        excerpt: "Die ITB ist Spaniens technische Prüfung für Boote: was geprüft wird, wie oft sie fällig ist und wie Sie sich vorbereiten.",
        body: `Die **ITB** (Inspección Técnica de Buques) ist für Boote, was der TÜV für Autos ist: eine regelmäßige Prüfung, die bestätigt, dass das Schiff sicher ist. Sie wird von Prüfstellen durchgeführt, die von der spanischen Handelsmarine zugelassen sind.

## Was geprüft wird
- Rumpf, Ruder und Wellenböcke (oft an Land).
- Motor, Kraftstoff- und Elektroanlage.
- Navigationslichter, Sicherheits- und Rettungsausrüstung.

## Wie oft
Das hängt von Länge, Registerliste und Alter des Bootes ab; bei Sportbooten ist eine Hauptprüfung alle fünf Jahre üblich. Das Ablaufdatum steht in Ihrem **Schiffssicherheitszeugnis**.

## So bereiten Sie sich vor
1. Prüfen Sie die Ablaufdaten von Signalraketen, Feuerlöschern und Rettungsinsel.
2. Verbinden Sie die Rumpfprüfung mit dem jährlichen Auskranen.
3. Halten Sie die Bootspapiere bereit.

Wenn Sie sich nicht selbst darum kümmern wollen, übernimmt das unser [Behördenservice](/gestoria/itb-barco).`,
      },
    },
  },
  {
    cover: "docks.svg",
    tint: 6,
    publishedAt: "2026-05-20T08:00:00.000Z",
    texts: {
      es: {
        title: "Cómo elegir amarre: medidas, servicios y precio",
        slug: "como-elegir-amarre",
        excerpt: "Eslora, manga, calado, abrigo, servicios y condiciones de la concesión: lo que conviene mirar antes de alquilar o comprar un amarre.",
        body: `Un buen amarre hace que disfrutes más del barco y lo cuides mejor. Antes de decidirte, repasa estos puntos.

## Medidas
Comprueba la **eslora máxima**, la **manga** y el **calado** del puesto, con margen para defensas y para tu barco con el motor levantado o no.

## Abrigo y ubicación
Pregunta de dónde entra la mar con los vientos dominantes. Un puerto cómodo de acceso y cerca de tus fondeaderos favoritos ahorra combustible.

## Servicios
- Agua y electricidad (fíjate en el amperaje de la toma).
- Duchas, wifi, gasolinera, aparcamiento y vigilancia.
- Vaciado de aguas negras.

## Alquiler o compra
Alquilar por meses te da flexibilidad. Si compras, mira los **años de concesión** que quedan, la cuota de mantenimiento y si la marina debe aprobar la transmisión.

En [Amarre](/docks) puedes filtrar amarres por puerto, medidas y precio.`,
      },
      en: {
        title: "How to choose a berth: size, services and price",
        slug: "how-to-choose-a-berth",
        excerpt: "Length, beam, draught, shelter, services and concession terms: what to look at before renting or buying a berth.",
        body: `A good berth means you enjoy your boat more and look after it better. Before you commit, go through these points.

## Size
Check the berth's **maximum length**, **beam** and **depth**, leaving room for fenders.

## Shelter and location
Ask where the swell comes from with the prevailing winds. A marina that is easy to enter and close to your favourite anchorages saves fuel.

## Services
- Water and electricity (check the socket's amperage).
- Showers, wifi, fuel dock, parking and security.
- Pump-out for black water.

## Renting or buying
Renting by the month keeps you flexible. If you buy, look at the **years left on the concession**, the maintenance fee and whether the marina must approve the transfer.

On [Amarre](/docks) you can filter berths by marina, size and price.`,
      },
      fr: {
        title: "Bien choisir sa place de port : dimensions, services et prix",
        slug: "choisir-sa-place-de-port",
        excerpt: "Longueur, largeur, tirant d’eau, abri, services et concession : ce qu’il faut regarder avant de louer ou d’acheter une place.",
        body: `Une bonne place de port, c'est un bateau dont on profite davantage et que l'on entretient mieux. Avant de vous décider, passez en revue ces points.

## Dimensions
Vérifiez la **longueur maximale**, la **largeur** et la **profondeur** de la place, avec de la marge pour les défenses.

## Abri et emplacement
Demandez d'où rentre la houle avec les vents dominants. Un port facile d'accès et proche de vos mouillages préférés fait économiser du carburant.

## Services
- Eau et électricité (regardez l'ampérage de la prise).
- Douches, wifi, station de carburant, parking et surveillance.
- Pompage des eaux noires.

## Louer ou acheter
La location au mois offre de la souplesse. Si vous achetez, regardez les **années de concession** restantes, les charges annuelles et si le port doit approuver la cession.

Sur [Amarre](/docks), filtrez les places par port, dimensions et prix.`,
      },
      de: {
        title: "Den richtigen Liegeplatz finden: Maße, Service und Preis",
        slug: "liegeplatz-finden",
        excerpt: "Länge, Breite, Tiefgang, Schutz, Service und Konzession: worauf Sie achten sollten, bevor Sie einen Liegeplatz mieten oder kaufen.",
        body: `Ein guter Liegeplatz bedeutet mehr Freude am Boot und bessere Pflege. Bevor Sie sich entscheiden, prüfen Sie diese Punkte.

## Maße
Achten Sie auf **maximale Länge**, **Breite** und **Wassertiefe** des Platzes – mit Reserve für die Fender.

## Schutz und Lage
Fragen Sie, aus welcher Richtung bei den vorherrschenden Winden Schwell in den Hafen steht. Ein leicht anzulaufender Hafen nahe Ihrer Lieblingsbuchten spart Treibstoff.

## Service
- Wasser und Strom (achten Sie auf die Absicherung der Steckdose).
- Duschen, WLAN, Tankstelle, Parkplatz und Bewachung.
- Fäkalienabsaugung.

## Mieten oder kaufen
Monatsmiete hält Sie flexibel. Beim Kauf zählen die **verbleibenden Konzessionsjahre**, die Unterhaltsgebühr und ob die Marina der Übertragung zustimmen muss.

Bei [Amarre](/docks) filtern Sie Liegeplätze nach Hafen, Maßen und Preis.`,
      },
    },
  },
  {
    cover: "boats/fishing.svg",
    tint: -14,
    publishedAt: "2026-06-03T08:00:00.000Z",
    texts: {
      es: {
        title: "Tu primer chárter: lista de comprobación antes de zarpar",
        slug: "primer-charter-lista-de-comprobacion",
        excerpt: "Documentación, parte meteorológico, revisión del barco y seguridad: todo lo que conviene repasar el día que alquilas tu primer barco.",
        body: `El primer alquiler de un barco se disfruta mucho más con todo preparado. Esta es la lista que usamos nosotros.

## Antes del día
- Lleva tu **titulación** y tu DNI o pasaporte.
- Lee la política de cancelación y de combustible del anuncio.
- Mira la previsión marítima de AEMET y ten un plan B si sube el viento.

## En el pontón
1. Haz fotos del barco al recibirlo: casco, defensas, interior.
2. Pide que te expliquen motor, fondeo, radio VHF y achique.
3. Comprueba chalecos para todos, extintores y botiquín.
4. Anota el nivel de combustible y la hora de devolución.

## Durante la salida
- Respeta las zonas de baño balizadas y las boyas de fondeo.
- Agua, gorra y crema solar para todos.
- Canal 16 de VHF para emergencias.

¿Prefieres no llevar el timón? Muchos barcos de [Amarre](/alquiler-barco) ofrecen patrón.`,
      },
      en: {
        title: "Your first charter: a checklist before you cast off",
        slug: "first-charter-checklist",
        excerpt: "Paperwork, weather forecast, boat check and safety: everything worth going through on the day you rent your first boat.",
        body: `Your first boat rental is far more enjoyable when everything is ready. This is the checklist we use ourselves.

## Before the day
- Bring your **licence** and your ID card or passport.
- Read the listing's cancellation and fuel policies.
- Check the marine forecast and have a plan B if the wind picks up.

## On the pontoon
1. Take photos of the boat at check-in: hull, fenders, interior.
2. Ask for a walk-through of the engine, anchoring, VHF radio and bilge pump.
3. Check there are life jackets for everyone, extinguishers and a first-aid kit.
4. Note the fuel level and the return time.

## Out on the water
- Keep clear of marked swimming areas and use the mooring buoys.
- Water, hats and sunscreen for everyone.
- VHF channel 16 for emergencies.

Rather not take the helm? Many boats on [Amarre](/alquiler-barco) come with a skipper.`,
      },
      fr: {
        title: "Votre première location : la check-list avant de larguer les amarres",
        slug: "premiere-location-check-list",
        excerpt: "Papiers, météo marine, tour du bateau et sécurité : tout ce qu’il faut vérifier le jour de votre première location.",
        body: `Une première location de bateau se savoure bien mieux quand tout est prêt. Voici la check-list que nous utilisons.

## Avant le jour J
- Emportez votre **permis** et votre pièce d'identité.
- Lisez les conditions d'annulation et de carburant de l'annonce.
- Consultez la météo marine et prévoyez un plan B si le vent forcit.

## Sur le ponton
1. Photographiez le bateau à la prise en main : coque, défenses, intérieur.
2. Faites-vous expliquer le moteur, le mouillage, la VHF et la pompe de cale.
3. Vérifiez les gilets pour tous, les extincteurs et la trousse de secours.
4. Notez le niveau de carburant et l'heure de retour.

## En mer
- Respectez les zones de baignade balisées et les bouées de mouillage.
- De l'eau, des casquettes et de la crème solaire pour tous.
- Canal 16 de la VHF en cas d'urgence.

Vous préférez ne pas tenir la barre ? De nombreux bateaux sur [Amarre](/alquiler-barco) sont proposés avec skipper.`,
      },
      de: {
        title: "Ihr erster Charter: die Checkliste vor dem Ablegen",
        slug: "erster-charter-checkliste",
        excerpt: "Papiere, Seewetterbericht, Bootscheck und Sicherheit: alles, was Sie am Tag Ihrer ersten Bootsmiete durchgehen sollten.",
        body: `Die erste Bootsmiete macht viel mehr Spaß, wenn alles vorbereitet ist. Das ist unsere eigene Checkliste.

## Vor dem Tag
- Nehmen Sie Ihren **Bootsführerschein** und Ausweis oder Reisepass mit.
- Lesen Sie die Stornierungs- und Tankregeln im Inserat.
- Sehen Sie sich den Seewetterbericht an und haben Sie einen Plan B, falls der Wind auffrischt.

## Am Steg
1. Fotografieren Sie das Boot bei der Übergabe: Rumpf, Fender, Innenraum.
2. Lassen Sie sich Motor, Ankern, UKW-Funk und Bilgepumpe erklären.
3. Prüfen Sie Rettungswesten für alle, Feuerlöscher und Erste-Hilfe-Set.
4. Notieren Sie Tankstand und Rückgabezeit.

## Auf dem Wasser
- Halten Sie Abstand zu markierten Badezonen und nutzen Sie die Bojen.
- Wasser, Mützen und Sonnencreme für alle.
- UKW-Kanal 16 für Notfälle.

Sie möchten lieber nicht selbst steuern? Viele Boote bei [Amarre](/alquiler-barco) gibt es mit Skipper.`,
      },
    },
  },
  {
    cover: "boats/jetski.svg",
    tint: 20,
    publishedAt: "2026-06-17T08:00:00.000Z",
    texts: {
      es: {
        title: "Las calas de la Costa Brava que merecen una salida en barco",
        slug: "calas-costa-brava-en-barco",
        excerpt: "Aiguablava, Tamariu, las Illes Medes o el Cap de Creus: las calas más bonitas de la Costa Brava y cómo disfrutarlas desde el mar.",
        body: `La Costa Brava es roca, pinos y agua clara, con calas que desde tierra cuesta alcanzar. En barco llegas a todas.

## Begur: Aiguablava y Sa Tuna
Agua turquesa y fondo de arena para fondear. Llega pronto en agosto.

## Tamariu y Llafranc
Pueblos de pescadores con playas pequeñas y chiringuitos a pie de arena.

## Illes Medes
Reserva marina frente a l'Estartit: fondeo regulado con **boyas** y buceo espectacular. Infórmate de las normas antes de ir.

## Cap de Creus
Parque natural con calas salvajes como Cala Culip. Con **tramontana** la mar se pone muy dura: consulta la previsión y no te arriesgues.

## Consejos
- Respeta las zonas de baño balizadas (200 metros en playas).
- Lleva bolsa para la basura: nada al agua.
- Si vas con niños, elige calas abrigadas del viento del día.

Encuentra barcos en Roses, l'Estartit o Palamós en [Amarre](/alquiler-barco).`,
      },
      en: {
        title: "Costa Brava coves worth a trip by boat",
        slug: "costa-brava-coves-by-boat",
        excerpt: "Aiguablava, Tamariu, the Medes Islands or Cap de Creus: the Costa Brava's loveliest coves and how to enjoy them from the sea.",
        body: `The Costa Brava is rock, pine trees and clear water, with coves that are hard to reach by land. By boat you get to all of them.

## Begur: Aiguablava and Sa Tuna
Turquoise water and a sandy bottom for anchoring. Arrive early in August.

## Tamariu and Llafranc
Fishing villages with small beaches and beach bars right on the sand.

## The Medes Islands
A marine reserve off l'Estartit: regulated mooring on **buoys** and superb diving. Check the rules before you go.

## Cap de Creus
A natural park with wild coves such as Cala Culip. When the **tramontana** blows the sea gets very rough: check the forecast and do not take chances.

## Tips
- Keep out of marked swimming areas (200 metres off beaches).
- Bring a rubbish bag: nothing goes overboard.
- With children, pick coves sheltered from the day's wind.

Find boats in Roses, l'Estartit or Palamós on [Amarre](/alquiler-barco).`,
      },
      fr: {
        title: "Les criques de la Costa Brava qui valent une sortie en bateau",
        slug: "criques-costa-brava-en-bateau",
        excerpt: "Aiguablava, Tamariu, les îles Medes ou le cap de Creus : les plus belles criques de la Costa Brava et comment en profiter depuis la mer.",
        body: `La Costa Brava, c'est la roche, les pins et une eau claire, avec des criques difficiles d'accès par la terre. En bateau, vous les atteignez toutes.

## Begur : Aiguablava et Sa Tuna
Eau turquoise et fond de sable pour mouiller. Arrivez tôt en août.

## Tamariu et Llafranc
Des villages de pêcheurs avec de petites plages et des paillotes les pieds dans le sable.

## Les îles Medes
Réserve marine au large de l'Estartit : mouillage réglementé sur **bouées** et plongée exceptionnelle. Renseignez-vous sur les règles avant d'y aller.

## Cap de Creus
Parc naturel aux criques sauvages comme Cala Culip. Quand souffle la **tramontane**, la mer devient très dure : consultez la météo et ne prenez pas de risques.

## Conseils
- Respectez les zones de baignade balisées (200 mètres au large des plages).
- Emportez un sac pour vos déchets : rien à l'eau.
- Avec des enfants, choisissez des criques abritées du vent du jour.

Trouvez des bateaux à Roses, l'Estartit ou Palamós sur [Amarre](/alquiler-barco).`,
      },
      de: {
        title: "Buchten an der Costa Brava, die eine Bootstour wert sind",
        slug: "buchten-costa-brava-mit-dem-boot",
        excerpt: "Aiguablava, Tamariu, die Medes-Inseln oder das Cap de Creus: die schönsten Buchten der Costa Brava und wie Sie sie vom Meer aus genießen.",
        body: `Die Costa Brava besteht aus Felsen, Pinien und klarem Wasser – mit Buchten, die an Land schwer zu erreichen sind. Mit dem Boot kommen Sie überall hin.

## Begur: Aiguablava und Sa Tuna
Türkisfarbenes Wasser und Sandgrund zum Ankern. Im August früh da sein.

## Tamariu und Llafranc
Fischerdörfer mit kleinen Stränden und Strandbars direkt am Sand.

## Die Medes-Inseln
Ein Meeresschutzgebiet vor l'Estartit: Festmachen nur an **Bojen**, dafür großartiges Tauchen. Informieren Sie sich vorher über die Regeln.

## Cap de Creus
Ein Naturpark mit wilden Buchten wie der Cala Culip. Bei **Tramontana** wird die See sehr rau: Wetterbericht prüfen und nichts riskieren.

## Tipps
- Halten Sie Abstand zu markierten Badezonen (200 Meter vor Stränden).
- Nehmen Sie einen Müllbeutel mit: Nichts geht über Bord.
- Wählen Sie mit Kindern Buchten, die vor dem Wind des Tages geschützt sind.

Boote in Roses, l'Estartit oder Palamós finden Sie bei [Amarre](/alquiler-barco).`,
      },
    },
  },
];

/** Publishes the demo posts as the demo admin (skipped, with a warning, when that account does not exist). */
export async function seedDemoBlog(services: Services): Promise<void> {
  const admin = await services.identity.getUserByEmail("admin@amarre.test");
  if (!admin) {
    console.warn("Demo blog posts skipped: the demo admin account does not exist.");
    return;
  }
  const name = (await services.users.get(admin.uid))?.displayName ?? admin.displayName ?? "Amarre";
  for (const post of demoPosts) {
    await services.blog.save(
      { uid: admin.uid, name },
      { texts: post.texts, status: "published", publishedAt: post.publishedAt, cover: await coverFrom(post.cover, post.tint) },
    );
  }
}
