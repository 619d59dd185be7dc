import type { LegalPageKey, LegalTexts } from "#app/features/legal-pages/legal-pages";
import { COMPANY, companyAddress } from "../company";

/** The legal pages' texts in French as shipped (the team edits them at /admin/contenidos). */
export const fr: Record<LegalPageKey, LegalTexts> = {
  "aviso-legal": {
    title: "Mentions légales",
    summary: "Qui se cache derrière Amarre et à quelles conditions vous pouvez utiliser ce site, conformément à la loi espagnole 34/2002 sur les services de la société de l’information (LSSI).",
    body: `## Éditeur du site
Conformément à l’article 10 de la loi espagnole 34/2002 du 11 juillet sur les services de la société de l’information et le commerce électronique (LSSI), ce site et ses applications appartiennent à :

- **Éditeur :** ${COMPANY.name}
- **Numéro d’identification fiscale (NIF) :** ${COMPANY.taxId}
- **Siège social :** ${companyAddress("fr")}
- **Immatriculation :** Registre du commerce de Palma de Majorque, tome 2871, folio 112, feuille PM-98765, inscription 1
- **E-mail :** [hola@amarre.test](mailto:hola@amarre.test)
- **Téléphone :** +34 971 000 123 (du lundi au vendredi, de 9 h à 18 h)

## Ce qu’est Amarre
Amarre est une place de marché en ligne qui met en relation les particuliers et les entreprises qui louent des bateaux, des jet-skis et des places de port avec ceux qui souhaitent les louer ou les acheter, et qui propose des services nautiques : démarches administratives, assurance, nettoyage et transport de bateaux. Amarre n’est pas propriétaire des bateaux ni des places de port proposés : chaque annonce relève de la responsabilité de celui qui la publie.

## Utilisation du site
L’accès au site est gratuit et vous confère la qualité d’utilisateur. En naviguant, vous acceptez ces mentions légales ; pour publier des annonces, réserver ou demander des services, les [conditions d’utilisation](/condiciones) s’appliquent également. Vous vous engagez à utiliser le site de manière licite, à ne pas publier de contenus faux, offensants ou portant atteinte aux droits d’autrui, et à ne pas tenter d’accéder à des espaces ou à des données qui ne vous concernent pas.

## Propriété intellectuelle et industrielle
Le design, le code, nos propres textes, les logos et la marque Amarre appartiennent à ${COMPANY.name} ou sont utilisés sous licence. Les photos et descriptions des annonces appartiennent à ceux qui les publient, qui nous autorisent à les afficher sur le site. Toute reproduction, distribution ou transformation de ces contenus sans autorisation est interdite, sauf pour votre usage personnel.

## Responsabilité
Nous faisons en sorte que le site soit disponible et que ses informations soient exactes, sans pouvoir garantir l’absence d’interruptions ou d’erreurs. En tant que prestataire de services d’intermédiation, et conformément aux articles 16 et 17 de la LSSI, nous ne sommes pas responsables des contenus publiés par les utilisateurs tant que nous n’avons pas effectivement connaissance de leur caractère illicite ; si vous en repérez un, écrivez-nous et nous le retirerons rapidement.

## Liens
Les liens vers des sites tiers sont fournis à titre d’information. Nous ne contrôlons pas ces sites et ne répondons pas de leur contenu.

## Données personnelles et cookies
Le traitement de vos données est expliqué dans la [politique de confidentialité](/privacidad), et les cookies que nous utilisons dans la [politique relative aux cookies](/cookies).

## Droit applicable
Les présentes mentions légales sont régies par le droit espagnol. En cas de litige, si vous êtes consommateur, les tribunaux de votre domicile sont compétents ; à défaut, ceux de Palma.`,
  },
  privacidad: {
    title: "Politique de confidentialité",
    summary: "Quelles données personnelles Amarre traite, pourquoi, combien de temps, et comment exercer vos droits au titre du RGPD et de la loi espagnole LOPDGDD.",
    body: `## Responsable du traitement
${COMPANY.name}, NIF ${COMPANY.taxId}, ${companyAddress("fr")}. Pour toute question relative à vos données, écrivez-nous à [hola@amarre.test](mailto:hola@amarre.test).

## Les données que nous traitons
- **Compte :** nom, adresse e-mail, mot de passe (stocké haché, jamais en clair), langue et, pour les professionnels, raison sociale, numéro fiscal, téléphone et adresse.
- **Profil public :** nom affiché, photo, présentation et langues parlées, si vous choisissez de les renseigner.
- **Profil de loueur :** nom légal, numéro de pièce d’identité, téléphone, adresse et IBAN, nécessaires pour publier des annonces et recevoir les versements.
- **Annonces, réservations et factures :** caractéristiques des bateaux et des places de port, dates, montants et statut de chaque réservation.
- **Messages et avis :** vos conversations avec d’autres utilisateurs et les avis que vous rédigez ou recevez.
- **Demandes et contact :** ce que vous nous indiquez dans les formulaires de services et de contact, et les documents joints.
- **Données techniques :** adresse IP et journaux du serveur, pour la sécurité du service et la limitation des abus.

## Finalités et bases juridiques
- Vous fournir le service demandé (compte, annonces, réservations, messages, demandes) : exécution du contrat (art. 6.1.b RGPD).
- Émettre les factures et respecter nos obligations comptables et fiscales : obligation légale (art. 6.1.c RGPD).
- Protéger le site contre la fraude et les abus, et masquer les coordonnées dans les messages avant qu’une réservation soit confirmée : intérêt légitime (art. 6.1.f RGPD).
- Répondre à vos messages de contact : votre consentement lorsque vous les envoyez et notre intérêt légitime à vous répondre.

Nous ne créons pas de profils publicitaires et nous ne vendons pas vos données.

## Qui peut voir vos données
- Les autres utilisateurs voient votre profil public, vos annonces et vos avis. Lors d’une réservation, l’autre partie reçoit les données nécessaires à la location.
- Nos prestataires d’hébergement, d’e-mail et de stockage, qui traitent les données pour notre compte dans le cadre d’un contrat conforme à l’art. 28 du RGPD. Nos serveurs sont situés dans l’Union européenne ; si un prestataire traite des données hors de l’Espace économique européen, il le fait sous couvert des clauses contractuelles types de la Commission européenne.
- Les administrations (Capitainerie maritime, administration fiscale, tribunaux) lorsque la loi l’exige ou lorsque nous réalisons une démarche que vous nous avez confiée.

## Durée de conservation
- Les données du compte, tant que celui-ci reste ouvert.
- Les réservations et les factures, six ans à compter de leur date : le Code de commerce espagnol (art. 30) impose de conserver les documents de l’activité pendant cette durée, qui couvre les quatre ans pendant lesquels l’administration fiscale peut contrôler les impôts (loi générale fiscale, art. 66).
- Les demandes et messages de contact, jusqu’à cinq ans après leur clôture, en cas de réclamation.
- Les journaux techniques, douze mois au maximum.

## Si vous supprimez votre compte
Vous pouvez le supprimer vous-même dans [Confidentialité et vos données](/ajustes/privacidad), avec votre mot de passe. À ce moment :
- vous êtes déconnecté sur tous vos appareils, et votre compte, votre profil, votre photo, vos données de loueur, vos favoris, votre historique et les annonces sans réservation (avec leurs photos) sont supprimés ;
- vos demandes en cours et vos prochaines réservations sont annulées selon les règles habituelles (si vous êtes le propriétaire, le locataire récupère tout ce qu’il a payé) ; le compte ne peut pas être supprimé pendant une sortie en cours ni tant qu’une réclamation sur la caution est ouverte ;
- **nous conservons**, parce que la loi l’exige, les réservations auxquelles vous avez participé et leurs factures, à votre nom tel que facturé, pendant les six ans indiqués ci-dessus ; les annonces qui ont des réservations restent archivées, non publiées, tant que ces réservations sont conservées ;
- **nous conservons** vos messages dans les conversations de l’autre personne, qui les voit toujours avec l’expéditeur « Compte supprimé », ainsi que vos avis publiés, sans votre nom ;
- vos demandes sont conservées pendant la durée indiquée ci-dessus.

Ce qui est conservé ne sert qu’à remplir ces obligations ou à répondre à une réclamation.

## Télécharger vos données
Dans [Confidentialité et vos données](/ajustes/privacidad), vous pouvez télécharger à tout moment un fichier JSON avec tout ce que nous conservons sur vous : profil, données de loueur, annonces, réservations, conversations, demandes, avis, favoris, historique et la liste de vos factures avec les liens vers leurs PDF (droit d’accès et droit à la portabilité, art. 15 et 20 RGPD).

## Vos droits
Vous pouvez à tout moment demander l’accès à vos données, leur rectification ou leur effacement, la limitation du traitement et la portabilité, vous opposer au traitement et retirer votre consentement, sans remettre en cause ce qui a été fait auparavant. Écrivez à [hola@amarre.test](mailto:hola@amarre.test) en précisant le droit que vous souhaitez exercer ; nous vous répondrons dans un délai d’un mois. Si vous estimez que votre demande n’a pas été traitée correctement, vous pouvez saisir l’Agence espagnole de protection des données ([www.aepd.es](https://www.aepd.es)).

## Sécurité
Les mots de passe sont stockés au moyen d’un algorithme de dérivation de clé, les connexions sont chiffrées, et les documents des demandes ainsi que les factures ne peuvent être téléchargés que par leur titulaire et notre équipe.

## Mineurs
Amarre s’adresse aux personnes de 18 ans et plus. Nous n’inscrivons pas sciemment de mineurs.

## Modifications
Si nous modifions cette politique, nous l’indiquerons sur le site et, si le changement est important, par e-mail.`,
  },
  cookies: {
    title: "Politique relative aux cookies",
    summary: "Amarre n’utilise que les cookies indispensables au fonctionnement du site et à la mémorisation de vos préférences. Aucun cookie de mesure d’audience, de publicité ou de suivi.",
    body: `## Qu’est-ce qu’un cookie ?
Un cookie est un petit fichier qu’un site enregistre dans votre navigateur pour se souvenir d’une information d’une page à l’autre, par exemple que vous êtes connecté ou la langue que vous préférez.

## Les cookies que nous utilisons
Ils sont tous internes (déposés par Amarre, et non par des tiers) et nécessaires au service que vous demandez ; conformément à l’article 22.2 de la LSSI, ils ne requièrent donc pas votre consentement :

- **__session** — maintient votre session ouverte de manière sécurisée (signé, inaccessible à JavaScript). Durée : 14 jours ou jusqu’à la déconnexion.
- **i18n_redirected** — mémorise la langue choisie (espagnol, anglais, français ou allemand). Durée : un an.
- **theme** — mémorise votre préférence pour le mode clair ou sombre. Durée : un an ; il est supprimé si vous choisissez « selon le système ».
- **recently_viewed** — mémorise les dernières annonces consultées, pour les afficher dans votre historique. Durée : 30 jours.

## Ce que nous n’utilisons pas
Nous n’utilisons aucun cookie de mesure d’audience, de publicité ou de réseaux sociaux, et nous ne permettons à aucun tiers de déposer des cookies via Amarre. C’est pourquoi aucun bandeau ne vous demande votre accord.

## Comment les supprimer
Vous pouvez supprimer ou bloquer les cookies dans les paramètres de votre navigateur. Si vous bloquez le cookie de session, vous ne pourrez pas vous connecter ; si vous bloquez ceux de langue ou de thème, le site utilisera ses réglages par défaut.

## En savoir plus
Pour toute question, écrivez-nous à [hola@amarre.test](mailto:hola@amarre.test). Le traitement de vos données est expliqué dans la [politique de confidentialité](/privacidad).`,
  },
  condiciones: {
    title: "Conditions d’utilisation",
    summary: "Les règles pour publier des annonces, réserver des bateaux et des places de port, les frais de service, les annulations, les avis et les conversations sur Amarre.",
    body: `## 1. Objet
Les présentes conditions régissent l’utilisation d’Amarre, la place de marché en ligne d’${COMPANY.name} (NIF ${COMPANY.taxId}, ${companyAddress("fr", { region: false })}) pour louer des bateaux et des places de port, acheter des places de port et demander des services nautiques. En créant un compte, vous les acceptez, ainsi que la [politique de confidentialité](/privacidad). Amarre agit en tant qu’intermédiaire : le contrat de location est conclu entre la personne qui loue (le locataire) et celle qui publie l’annonce (le propriétaire ou le professionnel).

## 2. Compte
Vous devez avoir plus de 18 ans et fournir des informations exactes. Votre compte est personnel : protégez votre mot de passe et prévenez-nous si quelqu’un l’utilise sans votre accord. Les sociétés de charter, courtiers et ports de plaisance peuvent s’inscrire en tant que professionnels avec leurs données fiscales.

## 3. Annonces
- Pour publier une annonce, vous devez compléter votre profil de loueur (nom légal, pièce d’identité, téléphone, adresse et IBAN).
- Vous garantissez être en droit de louer le bateau ou la place de port, que ses papiers, son assurance et ses certificats sont en cours de validité, et que la description, les photos, l’équipement, les prix et le permis exigé sont exacts.
- Vous choisissez la politique d’annulation de l’annonce. Nous pouvons suspendre ou retirer les annonces qui enfreignent ces conditions ou la loi.

## 4. Réservations
- Les réservations sont des demandes : le propriétaire dispose de 48 heures pour les accepter ou les refuser ; sans réponse, la demande expire sans frais. Les annonces avec réservation instantanée sont confirmées immédiatement.
- Une réservation confirmée engage les deux parties. Le locataire doit détenir le permis bateau exigé ou engager le skipper lorsqu’il est proposé ou obligatoire, et ne pas dépasser la capacité indiquée.
- Le propriétaire remet le bateau dans l’état annoncé ; le locataire le restitue dans le même état et selon la politique de carburant de l’annonce.

## 5. Prix et frais de service
- Le propriétaire fixe le prix de la location : le prix à la semaine pour chaque semaine complète lorsqu’il existe, le prix à la journée pour le reste (ou à la demi-journée), plus le skipper s’il est engagé.
- Amarre facture au locataire des **frais de service de 10 % de la location**, affichés avant la confirmation. La location est facturée par le propriétaire.
- La caution est indiquée dans l’annonce et dans le récapitulatif de la réservation ; elle est retenue selon les modalités de l’annonce et n’est encaissée qu’en cas de dommages ou de manquements avérés.
- Tous les montants sont exprimés en euros, taxes comprises.

## 6. Annulations
Si le locataire annule, la location est remboursée selon la politique de l’annonce ; **les frais de service ne sont pas remboursés** :
- **Flexible :** remboursement de 100 % jusqu’à la veille du départ.
- **Modérée :** remboursement de 100 % jusqu’à dix jours avant ; de 50 % ensuite.
- **Stricte :** remboursement de 50 % jusqu’à trente jours avant ; aucun remboursement ensuite.

Si le propriétaire annule, le locataire est intégralement remboursé et l’annulation est enregistrée sur l’annonce.

## 7. Avis
Seule la personne qui a effectué une réservation jusqu’à son terme peut laisser un avis, une fois par réservation et dans les 30 jours : de 1 à 5 étoiles et un commentaire. Le propriétaire peut y répondre une fois. Les avis doivent être honnêtes et respectueux ; nous retirons ceux qui contiennent des insultes, des données personnelles ou des propos sans rapport avec la location.

## 8. Conversations
Les messages entre utilisateurs servent à préparer et à réaliser les réservations. Tant qu’une réservation n’est pas confirmée, les adresses e-mail et numéros de téléphone saisis dans les messages sont masqués, afin que les paiements et les garanties passent par Amarre. N’utilisez pas les conversations pour faire de la publicité ni pour harceler qui que ce soit.

## 9. Services nautiques et demandes
Les demandes de démarches administratives, d’assurance, de nettoyage, de transport ou de référencement d’un port deviennent un dossier que notre équipe suit jusqu’au bout ; nous confirmons le prix avant de commencer et vous informons par e-mail de chaque étape. Les taxes officielles sont payées à part.

## 10. Responsabilité
Amarre met en œuvre les moyens nécessaires au bon fonctionnement de la place de marché, mais n’est ni partie au contrat de location ni propriétaire des bateaux : chaque propriétaire répond de son annonce et de son bateau, et chaque locataire de l’usage qu’il en fait. Rien dans ces conditions ne limite les droits que la loi accorde aux consommateurs.

## 11. Suspension des comptes
Nous pouvons suspendre ou fermer un compte qui enfreint ces conditions, publie des contenus illicites ou commet une fraude, en vous en indiquant la raison sauf si la loi l’interdit. Vous pouvez fermer votre compte quand vous le souhaitez en nous écrivant.

## 12. Droit applicable et réclamations
Les présentes conditions sont régies par le droit espagnol. Si vous êtes consommateur, vous pouvez saisir les tribunaux de votre domicile et la plateforme européenne de règlement en ligne des litiges ([ec.europa.eu/consumers/odr](https://ec.europa.eu/consumers/odr)). Pour toute réclamation, écrivez-nous d’abord à [hola@amarre.test](mailto:hola@amarre.test) ou utilisez la page [contact](/contacto).

## 13. Modifications
Nous pouvons mettre à jour ces conditions ; nous vous préviendrons au moins 15 jours à l’avance de toute modification importante. Les réservations déjà confirmées restent régies par les conditions en vigueur au moment de leur confirmation.`,
  },
  contacto: {
    title: "Contact",
    summary: "Une question sur une réservation, une annonce ou une demande ? Écrivez-nous, nous vous répondons sous un jour ouvré.",
    body: `Notre équipe vous répond du lundi au vendredi, de 9 h à 18 h (heure d’Espagne), en espagnol, anglais, français et allemand. Les messages envoyés avec ce formulaire deviennent un dossier : si vous avez un compte, vous le retrouverez dans votre espace personnel, et dans tous les cas nous vous enverrons sa référence par e-mail.

## Autres moyens de nous joindre
- **E-mail :** [hola@amarre.test](mailto:hola@amarre.test)
- **Téléphone :** +34 971 000 123
- **Adresse :** ${COMPANY.name}, ${companyAddress("fr")}

Pour une démarche concernant votre bateau, il est plus rapide de passer directement par notre [service de démarches nautiques](/gestoria) ; et si vous avez déjà une réservation, écrivez au propriétaire depuis la réservation elle-même.`,
  },
};
