import type { ServicePageKey, ServiceTexts } from "#app/features/service-pages/service-pages";

/** The service pages' first texts in French (the store keeps the team's edits). */
export const fr: Record<ServicePageKey, ServiceTexts> = {
  gestoria: {
    title: "Formalités nautiques",
    summary:
      "Immatriculation, changement de propriétaire, ITB, passage en liste 6 et bien plus : demandez votre démarche en ligne et suivez-la étape par étape jusqu’à son aboutissement.",
    body: "Notre équipe de spécialistes des formalités nautiques s’occupe des démarches administratives de votre bateau auprès de la Capitanía Marítima (autorité maritime espagnole), du Registro de Buques (registre espagnol des navires) et des organismes d’inspection agréés.\n\nChoisissez la démarche, communiquez-nous les informations du bateau et joignez les documents dont vous disposez. Nous examinons la demande, vous indiquons ce qui manque et vous informons par e-mail à chaque étape. Depuis votre espace personnel, vous consultez l’historique, les commentaires de l’équipe et les documents.",
    whoNeeds: ["Propriétaires de bateaux de plaisance, de motos marines et de voiliers", "Sociétés de location et écoles de voile", "Acheteurs et vendeurs de bateaux d’occasion"],
    documents: [],
    turnaround: "Selon la démarche : de 2 jours à 4 semaines",
    faqs: [
      {
        question: "Dois-je me rendre à la Capitanía ?",
        answer: "Non. Avec votre autorisation, nous déposons nous-mêmes le dossier ; nous vous demanderons seulement de signer les formulaires qui l’exigent.",
      },
      {
        question: "Quand dois-je payer ?",
        answer: "Après examen de votre demande, nous vous confirmons un prix forfaitaire, hors taxes administratives. Nous ne commençons rien sans votre accord.",
      },
      {
        question: "Qui a accès à mes documents ?",
        answer:
          "Vous seul et l’équipe chargée des formalités. Ils sont conservés de manière confidentielle et ne peuvent être téléchargés que depuis votre espace ou celui de l’équipe.",
      },
    ],
  },
  "abanderamientos-y-bajas": {
    title: "Mise sous pavillon et radiation",
    summary: "Nous plaçons sous pavillon espagnol votre bateau importé, ou radions du registre celui que vous vendez à l’étranger, envoyez à la casse ou qui ne navigue plus.",
    body: "La mise sous pavillon inscrit sous pavillon espagnol un bateau construit ou acheté hors d’Espagne. La radiation le retire du Registro de Buques (registre espagnol des navires) en cas d’exportation, de démolition, de perte ou de changement de pavillon.\n\nNous préparons le dossier, acquittons les taxes applicables et déposons les documents auprès de la Capitanía Marítima (autorité maritime espagnole) de votre port.",
    whoNeeds: ["Vous importez un bateau d’un autre pays", "Vous vendez votre bateau à un acheteur étranger", "Vous envoyez un bateau à la casse ou le déclarez perdu"],
    documents: [
      "DNI ou NIE du propriétaire (pièce d’identité espagnole ou numéro d’identification d’étranger)",
      "Titre de propriété ou facture d’achat",
      "Certificat de radiation du registre d’origine (mise sous pavillon)",
      "Déclaration CE de conformité ou certificat du constructeur",
      "Certificat de démolition ou contrat de vente (radiation)",
    ],
    turnaround: "De 2 à 4 semaines",
    faqs: [
      {
        question: "Quelles taxes paie-t-on lors de la mise sous pavillon ?",
        answer:
          "Selon le cas, la TVA à l’importation et l’Impuesto Especial sobre Determinados Medios de Transporte (taxe espagnole d’immatriculation). Nous les calculons avant de commencer.",
      },
      {
        question: "Puis-je naviguer en attendant ?",
        answer: "Pas sous le nouveau pavillon tant que la Capitanía n’a pas délivré les documents. Nous vous indiquons les autorisations provisoires envisageables dans votre cas.",
      },
    ],
  },
  "asesoramiento-contratos": {
    title: "Conseil en contrats",
    summary: "Nous relisons ou rédigeons vos contrats de vente, de location et d’amarrage pour que vous signiez en connaissance de cause.",
    body: "Un contrat nautique bien rédigé évite les charges cachées, les dettes attachées au bateau et les malentendus sur la caution ou l’assurance.\n\nNous relisons le projet qui vous a été transmis ou en rédigeons un sur mesure, vérifions au registre les charges qui grèvent le bateau et vous expliquons chaque clause avant la signature.",
    whoNeeds: ["Acheteurs et vendeurs de bateaux", "Propriétaires qui louent leur bateau ou leur place d’amarrage", "Sociétés de location qui révisent leurs conditions"],
    documents: [
      "Le projet de contrat, si vous l’avez",
      "Documents du bateau (immatriculation, certificat de navigabilité)",
      "DNI ou CIF (pièce d’identité ou numéro fiscal d’entreprise espagnols) des parties",
    ],
    turnaround: "De 2 à 5 jours ouvrés",
    faqs: [
      {
        question: "Vérifiez-vous si le bateau a des dettes ?",
        answer: "Oui. Nous demandons un extrait du Registro de Bienes Muebles (registre espagnol des biens meubles) pour connaître les charges, saisies ou réserves de propriété.",
      },
      {
        question: "Est-ce valable pour un contrat en anglais ?",
        answer: "Oui : nous relisons des contrats en espagnol, anglais, français et allemand.",
      },
    ],
  },
  "cambio-lista-6a": {
    title: "Passage en liste 6 (lista 6ª)",
    summary:
      "Faites passer votre bateau de la liste 7 (plaisance) à la liste 6 (location commerciale) pour le louer à titre professionnel, avec les formalités et inspections exigées.",
    body: "Seuls les bateaux inscrits en liste 6 (lista 6ª) peuvent être loués dans un but lucratif. Le changement exige une visite du bateau, l’équipement de sécurité propre à la location, une assurance responsabilité civile adaptée et une démarche auprès de la Capitanía Marítima (autorité maritime espagnole).\n\nNous vous indiquons ce qui manque à votre bateau, coordonnons l’inspection et déposons le dossier.",
    whoNeeds: ["Propriétaires qui souhaitent louer leur bateau sur Amarre ou d’autres plateformes", "Sociétés de location qui agrandissent leur flotte"],
    documents: [
      "Permis de navigation ou certificat d’immatriculation actuel",
      "DNI, NIE ou CIF du titulaire",
      "Police d’assurance couvrant la location",
      "Certificat de navigabilité en cours de validité",
    ],
    turnaround: "De 3 à 6 semaines",
    faqs: [
      {
        question: "Faut-il une société pour être inscrit en liste 6 ?",
        answer: "Pas toujours : un particulier le peut, mais il doit déclarer l’activité. Nous vous expliquons les options fiscales.",
      },
      {
        question: "Puis-je revenir en liste 7 ?",
        answer: "Oui, par le même type de démarche en sens inverse.",
      },
    ],
  },
  "cambio-propiedad-barco": {
    title: "Changement de propriétaire",
    summary: "Mettez le bateau au nom de l’acheteur : nous acquittons l’impôt sur les mutations et faisons inscrire le changement auprès de la Capitanía.",
    body: "Lors de l’achat ou de la vente d’un bateau d’occasion, le changement de propriétaire doit être inscrit au Registro de Buques (registre espagnol des navires) et l’impôt sur les mutations (Impuesto de Transmisiones Patrimoniales, formulaire 620), ou celui qui s’applique, doit être acquitté.\n\nNous nous chargeons de l’impôt, du dossier auprès de la Capitanía Marítima (autorité maritime espagnole) et des nouveaux documents au nom de l’acheteur.",
    whoNeeds: ["Vous achetez un bateau d’occasion", "Vous vendez votre bateau et ne voulez plus en être le titulaire", "Vous héritez d’un bateau"],
    documents: [
      "Contrat de vente signé par les deux parties",
      "DNI ou NIE de l’acheteur et du vendeur",
      "Permis de navigation ou certificat d’immatriculation",
      "Justificatif de paiement de l’impôt, s’il est déjà acquitté",
    ],
    turnaround: "De 1 à 3 semaines",
    faqs: [
      {
        question: "À combien s’élève l’impôt ?",
        answer: "Cela dépend de la communauté autonome et de la valeur du bateau ; nous le calculons avant de commencer.",
      },
      {
        question: "Que se passe-t-il si le vendeur ne signe pas ?",
        answer: "Sans la signature du vendeur, le changement ne peut pas être inscrit ; dans le cadre de notre conseil en contrats, nous étudions comment régler la situation.",
      },
    ],
  },
  "itb-barco": {
    title: "Inspection technique du bateau (ITB)",
    summary: "Nous réservons l’inspection technique de votre bateau auprès d’un organisme agréé, vous y accompagnons et nous chargeons du certificat.",
    body: "Les bateaux de plaisance passent des visites périodiques pour renouveler leur certificat de navigabilité : tous les cinq ans en général, et à une autre fréquence selon leur longueur et leur usage.\n\nNous vous indiquons ce qui sera contrôlé, réservons l’inspection dans votre port auprès d’un organisme agréé et, en cas de défauts, vous aidons à y remédier avant la contre-visite.",
    whoNeeds: ["Propriétaires dont le certificat de navigabilité arrive à échéance", "Acheteurs d’un bateau dont l’inspection est périmée"],
    documents: ["Certificat de navigabilité actuel", "Permis de navigation ou certificat d’immatriculation", "Police d’assurance en cours de validité"],
    turnaround: "De 1 à 2 semaines, selon les disponibilités de l’organisme",
    faqs: [
      {
        question: "Faut-il sortir le bateau de l’eau ?",
        answer: "Pour certaines visites, oui (coque et œuvres vives). Nous vous le précisons et organisons la mise à sec si nécessaire.",
      },
      {
        question: "Et si le bateau ne passe pas l’inspection ?",
        answer: "Vous recevez la liste des défauts et un délai pour les corriger ; la contre-visite est généralement plus courte.",
      },
    ],
  },
  "matriculacion-barco": {
    title: "Immatriculation du bateau",
    summary: "Nous immatriculons votre bateau neuf au Registro de Buques (registre espagnol des navires) et vous remettons ses documents de navigation.",
    body: "Tout bateau de plaisance neuf doit être immatriculé avant de naviguer : il reçoit un numéro d’immatriculation et se voit délivrer un certificat d’immatriculation ou un permis de navigation, selon sa longueur.\n\nAvec la facture et les documents du constructeur, nous préparons le dossier, acquittons la taxe d’immatriculation le cas échéant et le déposons auprès de la Capitanía Marítima (autorité maritime espagnole).",
    whoNeeds: ["Acheteurs d’un bateau ou d’une moto marine neufs", "Particuliers qui construisent leur propre bateau"],
    documents: [
      "Facture d’achat",
      "Déclaration CE de conformité du constructeur",
      "DNI ou NIE du propriétaire",
      "Justificatif de paiement de la taxe d’immatriculation, si elle est déjà acquittée",
    ],
    turnaround: "De 1 à 3 semaines",
    faqs: [
      {
        question: "Les motos marines doivent-elles être immatriculées ?",
        answer: "Oui, comme n’importe quel bateau de plaisance.",
      },
      {
        question: "Dois-je payer la taxe d’immatriculation ?",
        answer: "Les bateaux de plus de 8 mètres de longueur y sont généralement soumis ; en dessous, normalement pas. Nous vous le confirmons à partir de vos données.",
      },
    ],
  },
  "renovacion-documentacion": {
    title: "Renouvellement des documents",
    summary: "Nous renouvelons le certificat de navigabilité, demandons les duplicatas et gérons les autres documents du bateau avant leur expiration.",
    body: "Un bateau dont les documents ont expiré ne peut pas prendre la mer et s’expose à une amende. Nous renouvelons les certificats, demandons des duplicatas en cas de perte ou de détérioration et mettons à jour les données du bateau ou du titulaire.\n\nNous vous rappelons les échéances et déposons les demandes pour vous.",
    whoNeeds: ["Propriétaires dont les documents arrivent bientôt à expiration", "Personnes ayant perdu les documents de leur bateau"],
    documents: ["Le document à renouveler, ou la déclaration de perte", "DNI ou NIE du titulaire", "Police d’assurance en cours de validité"],
    turnaround: "De 2 à 10 jours ouvrés",
    faqs: [
      {
        question: "Combien de temps à l’avance faut-il renouveler ?",
        answer: "Un mois avant l’échéance, c’est prudent, surtout avant l’été.",
      },
      {
        question: "Pouvez-vous demander un duplicata ?",
        answer: "Oui, avec la déclaration de perte ou le document détérioré.",
      },
    ],
  },
  seguro: {
    title: "Assurance bateau",
    summary: "Nous sollicitons pour vous des offres d’assurance responsabilité civile ou tous risques pour votre bateau, avec les garanties dont vous avez vraiment besoin.",
    body: "L’assurance responsabilité civile est obligatoire pour naviguer ; l’assurance tous risques protège en outre le bateau contre les dommages, le vol ou le naufrage.\n\nDécrivez-nous votre bateau et son usage : nous comparons des assureurs spécialisés et vous envoyons les offres en vous expliquant leurs garanties et leurs franchises.",
    whoNeeds: ["Propriétaires de bateaux et de motos marines", "Propriétaires qui louent leur bateau (garantie location nécessaire)"],
    documents: [],
    turnaround: "Offres sous 2 à 3 jours ouvrés",
    faqs: [
      {
        question: "La location à des tiers est-elle couverte ?",
        answer: "Seulement si la police l’inclut expressément ; choisissez « Location » comme usage et nous chercherons cette garantie pour vous.",
      },
      {
        question: "Suis-je obligé de souscrire ?",
        answer: "Non. Nous vous envoyons les offres et c’est vous qui décidez.",
      },
    ],
  },
  limpieza: {
    title: "Nettoyage du bateau",
    summary: "Nettoyage de la coque, du pont et de l’intérieur, ou antifouling, dans votre port et à la date de votre choix.",
    body: "Un bateau propre navigue mieux et se conserve plus longtemps. Nos équipes locales nettoient le pont, l’intérieur et la coque à flot, ou appliquent l’antifouling sur le bateau mis à sec.\n\nIndiquez-nous où se trouve le bateau, sa longueur et le nettoyage souhaité : nous vous confirmons le prix et l’horaire.",
    whoNeeds: ["Propriétaires qui préparent la saison", "Sociétés de location entre deux locations"],
    documents: [],
    turnaround: "Confirmation sous 1 jour ouvré",
    faqs: [
      {
        question: "Dois-je être à bord ?",
        answer: "Non, il suffit que le port nous donne accès au ponton et, pour l’intérieur, que vous nous confiiez les clés.",
      },
      {
        question: "Quels produits utilisez-vous ?",
        answer: "Des produits biodégradables adaptés aux ports de plaisance.",
      },
    ],
  },
  transporte: {
    title: "Transport du bateau",
    summary: "Nous transportons votre bateau par la route entre ports, chantiers navals et domiciles, avec les autorisations de transport exceptionnel si nécessaire.",
    body: "Nous transportons par la route des bateaux jusqu’à 40 mètres de longueur dans toute l’Espagne et vers les pays voisins, avec la grue ou le travelift des ports de départ et d’arrivée.\n\nIndiquez-nous le lieu de départ, la destination, les dimensions et le poids : nous calculons l’itinéraire, les autorisations de transport exceptionnel et un prix forfaitaire.",
    whoNeeds: ["Vous achetez un bateau dans un autre port", "Vous faites hiverner votre bateau dans un chantier naval", "Vous changez d’amarrage pour un port éloigné"],
    documents: [],
    turnaround: "Devis sous 2 jours ouvrés",
    faqs: [
      {
        question: "Le transport est-il assuré ?",
        answer: "Oui, par une assurance marchandises qui couvre la valeur déclarée du bateau.",
      },
      {
        question: "Et la mise à l’eau ?",
        answer: "Nous la coordonnons avec les ports de départ et d’arrivée ; leurs frais de grutage sont facturés à part.",
      },
    ],
  },
  port: {
    title: "Votre port sur Amarre",
    summary: "Vous gérez un port de plaisance ou une marina ? Publiez vos places d’amarrage sur Amarre et touchez des plaisanciers de toute l’Europe.",
    body: "Les ports et marinas peuvent publier sur Amarre leurs places d’amarrage à vendre ou à louer et recevoir des réservations de plaisanciers en quatre langues.\n\nLaissez-nous les coordonnées du port et d’un interlocuteur : nous vous appelons pour créer votre compte et vous aidons à publier vos premières places.",
    whoNeeds: ["Ports de plaisance et marinas", "Clubs nautiques disposant de places d’amarrage"],
    documents: [],
    turnaround: "Nous vous appelons sous 2 jours ouvrés",
    faqs: [
      {
        question: "Combien ça coûte ?",
        answer: "L’inscription est gratuite ; Amarre ne prélève une commission que sur les réservations que vous recevez.",
      },
      {
        question: "Puis-je synchroniser mon calendrier ?",
        answer: "Oui : chaque place publie son calendrier au format iCal pour votre logiciel de gestion.",
      },
    ],
  },
};
