import type { ServicePageKey, ServiceTexts } from "#app/features/service-pages/service-pages";

/** The service pages' first texts in German (the store keeps the team's edits). */
export const de: Record<ServicePageKey, ServiceTexts> = {
  gestoria: {
    title: "Bootsformalitäten",
    summary: "Zulassung, Eigentümerwechsel, ITB, Wechsel in Liste 6 und mehr: Beauftragen Sie Ihren Vorgang online und verfolgen Sie ihn Schritt für Schritt bis zum Abschluss.",
    body: "Unser Team aus Fachleuten für Bootsformalitäten erledigt den Papierkram Ihres Boots bei der Capitanía Marítima (spanische Hafenbehörde), dem Registro de Buques (spanisches Schiffsregister) und den zugelassenen Prüfstellen.\n\nWählen Sie den Vorgang, nennen Sie uns die Daten Ihres Boots und fügen Sie die Unterlagen bei, die Sie bereits haben. Wir prüfen den Antrag, sagen Ihnen, was noch fehlt, und informieren Sie bei jedem Schritt per E-Mail. In Ihrem persönlichen Bereich sehen Sie den Verlauf, die Kommentare des Teams und die Dokumente.",
    whoNeeds: ["Eigner von Sportbooten, Jetskis und Segelbooten", "Charterunternehmen und Segelschulen", "Käufer und Verkäufer gebrauchter Boote"],
    documents: [],
    turnaround: "Je nach Vorgang: 2 Tage bis 4 Wochen",
    faqs: [
      {
        question: "Muss ich persönlich zur Capitanía?",
        answer: "Nein. Mit Ihrer Vollmacht reichen wir die Unterlagen selbst ein; Sie müssen lediglich die Formulare unterschreiben, bei denen das vorgeschrieben ist.",
      },
      {
        question: "Wann bezahle ich?",
        answer: "Nach Prüfung Ihres Antrags bestätigen wir Ihnen einen Festpreis, behördliche Gebühren kommen hinzu. Ohne Ihre Zustimmung beginnen wir nichts.",
      },
      {
        question: "Wer sieht meine Dokumente?",
        answer:
          "Nur Sie und unser Team für Bootsformalitäten. Sie werden vertraulich gespeichert und lassen sich ausschließlich aus Ihrem Bereich oder dem des Teams herunterladen.",
      },
    ],
  },
  "abanderamientos-y-bajas": {
    title: "Beflaggung und Abmeldung",
    summary: "Wir flaggen Ihr importiertes Boot in Spanien ein oder melden das Boot aus dem Register ab, das Sie ins Ausland verkaufen, verschrotten oder nicht mehr nutzen.",
    body: "Mit der Einflaggung wird ein außerhalb Spaniens gebautes oder gekauftes Boot unter spanischer Flagge eingetragen. Die Abmeldung löscht es aus dem Registro de Buques (spanisches Schiffsregister) – wegen Export, Verschrottung, Verlust oder Flaggenwechsel.\n\nWir bereiten die Akte vor, begleichen die anfallenden Steuern und reichen die Unterlagen bei der Capitanía Marítima (Hafenbehörde) Ihres Hafens ein.",
    whoNeeds: ["Wer ein Boot aus einem anderen Land importiert", "Wer sein Boot an einen ausländischen Käufer verkauft", "Wer ein Boot verschrottet oder als verloren meldet"],
    documents: [
      "DNI oder NIE des Eigners (spanischer Personalausweis bzw. Ausländer-Identifikationsnummer)",
      "Eigentumsnachweis oder Kaufrechnung",
      "Löschungsbescheinigung des bisherigen Registers (Einflaggung)",
      "CE-Konformitätserklärung oder Bescheinigung der Werft",
      "Verschrottungsnachweis oder Kaufvertrag (Abmeldung)",
    ],
    turnaround: "2 bis 4 Wochen",
    faqs: [
      {
        question: "Welche Steuern fallen bei der Einflaggung an?",
        answer:
          "Je nach Fall die Einfuhrumsatzsteuer und die spanische Zulassungssteuer (Impuesto Especial sobre Determinados Medios de Transporte). Wir berechnen sie Ihnen, bevor wir beginnen.",
      },
      {
        question: "Darf ich in der Zwischenzeit fahren?",
        answer: "Unter der neuen Flagge erst, wenn die Capitanía die Dokumente ausgestellt hat. Wir sagen Ihnen, welche vorläufigen Genehmigungen in Ihrem Fall infrage kommen.",
      },
    ],
  },
  "asesoramiento-contratos": {
    title: "Vertragsberatung",
    summary: "Wir prüfen oder erstellen Kauf-, Charter- und Liegeplatzverträge, damit Sie wissen, was Sie unterschreiben.",
    body: "Ein sorgfältig aufgesetzter Bootsvertrag schützt vor versteckten Belastungen, Schulden des Boots und Missverständnissen bei Kaution oder Versicherung.\n\nWir prüfen den Entwurf, den Sie erhalten haben, oder erstellen einen Vertrag nach Maß, prüfen die Belastungen des Boots im Register und erklären Ihnen jede Klausel vor der Unterschrift.",
    whoNeeds: ["Käufer und Verkäufer von Booten", "Eigner, die ihr Boot oder ihren Liegeplatz vermieten", "Charterunternehmen, die ihre Bedingungen überprüfen"],
    documents: [
      "Der Vertragsentwurf, falls vorhanden",
      "Bootsdokumente (Registrierung, Seetüchtigkeitszeugnis)",
      "DNI oder CIF (spanische Ausweis- bzw. Steuernummer) der Vertragsparteien",
    ],
    turnaround: "2 bis 5 Werktage",
    faqs: [
      {
        question: "Prüfen Sie, ob auf dem Boot Schulden lasten?",
        answer:
          "Ja. Wir fordern einen Auszug aus dem Registro de Bienes Muebles (spanisches Register für bewegliche Güter) an, um Belastungen, Pfändungen oder Eigentumsvorbehalte zu erkennen.",
      },
      {
        question: "Gilt das auch für einen Vertrag auf Englisch?",
        answer: "Ja: Wir prüfen Verträge auf Spanisch, Englisch, Französisch und Deutsch.",
      },
    ],
  },
  "cambio-lista-6a": {
    title: "Wechsel in Liste 6 (lista 6ª)",
    summary:
      "Wechseln Sie mit Ihrem Boot von Liste 7 (Freizeit) in Liste 6 (gewerbliche Vercharterung), um es gewerblich zu vermieten – inklusive der nötigen Abfertigung und Prüfungen.",
    body: "Nur in Liste 6 (lista 6ª) eingetragene Boote dürfen mit Gewinnabsicht vermietet werden. Für den Wechsel sind eine Besichtigung des Boots, die für Charter vorgeschriebene Sicherheitsausrüstung, eine passende Haftpflichtversicherung und ein Antrag bei der Capitanía Marítima (Hafenbehörde) erforderlich.\n\nWir sagen Ihnen, was Ihrem Boot noch fehlt, koordinieren die Prüfung und reichen die Akte ein.",
    whoNeeds: ["Eigner, die ihr Boot auf Amarre oder anderen Plattformen verchartern möchten", "Charterunternehmen, die ihre Flotte erweitern"],
    documents: [
      "Aktuelle Navigationserlaubnis oder Registrierungsbescheinigung",
      "DNI, NIE oder CIF des Eigners",
      "Versicherungspolice mit Deckung für Vermietung",
      "Gültiges Seetüchtigkeitszeugnis",
    ],
    turnaround: "3 bis 6 Wochen",
    faqs: [
      {
        question: "Brauche ich ein Unternehmen, um in Liste 6 eingetragen zu sein?",
        answer: "Nicht unbedingt: Auch Privatpersonen können das, müssen die Tätigkeit aber anmelden. Wir erläutern Ihnen die steuerlichen Möglichkeiten.",
      },
      {
        question: "Kann ich wieder in Liste 7 wechseln?",
        answer: "Ja, mit demselben Verfahren in umgekehrter Richtung.",
      },
    ],
  },
  "cambio-propiedad-barco": {
    title: "Eigentümerwechsel",
    summary: "Überschreiben Sie das Boot auf den Käufer: Wir begleichen die Übertragungssteuer und lassen den Wechsel bei der Capitanía eintragen.",
    body: "Beim Kauf oder Verkauf eines gebrauchten Boots muss der Eigentümerwechsel im Registro de Buques (spanisches Schiffsregister) eingetragen und die Übertragungssteuer (Impuesto de Transmisiones Patrimoniales, Formular 620) oder die jeweils zutreffende Steuer entrichtet werden.\n\nWir kümmern uns um die Steuer, die Akte bei der Capitanía Marítima (Hafenbehörde) und die neuen Dokumente auf den Namen des Käufers.",
    whoNeeds: ["Wer ein gebrauchtes Boot kauft", "Wer sein Boot verkauft und nicht länger als Eigner eingetragen sein möchte", "Erben eines Boots"],
    documents: [
      "Von beiden Parteien unterschriebener Kaufvertrag",
      "DNI oder NIE von Käufer und Verkäufer",
      "Navigationserlaubnis oder Registrierungsbescheinigung",
      "Steuerbeleg, falls die Steuer bereits entrichtet wurde",
    ],
    turnaround: "1 bis 3 Wochen",
    faqs: [
      {
        question: "Wie hoch ist die Steuer?",
        answer: "Das hängt von der Autonomen Gemeinschaft und vom Wert des Boots ab; wir berechnen sie Ihnen, bevor wir beginnen.",
      },
      {
        question: "Was passiert, wenn der Verkäufer nicht unterschreibt?",
        answer: "Ohne die Unterschrift des Verkäufers kann der Wechsel nicht eingetragen werden; im Rahmen unserer Vertragsberatung klären wir, wie sich das lösen lässt.",
      },
    ],
  },
  "itb-barco": {
    title: "Technische Bootsprüfung (ITB)",
    summary: "Wir buchen die technische Prüfung Ihres Boots bei einer zugelassenen Prüfstelle, begleiten Sie dabei und kümmern uns um das Zeugnis.",
    body: "Sportboote müssen regelmäßig besichtigt werden, um ihr Seetüchtigkeitszeugnis zu verlängern: in der Regel alle fünf Jahre, je nach Länge und Nutzung auch in anderen Abständen.\n\nWir sagen Ihnen, was geprüft wird, buchen die Prüfung in Ihrem Hafen bei einer zugelassenen Prüfstelle und helfen Ihnen, etwaige Mängel bis zur Nachprüfung zu beheben.",
    whoNeeds: ["Eigner, deren Seetüchtigkeitszeugnis abläuft", "Wer ein Boot mit abgelaufener Prüfung kauft"],
    documents: ["Aktuelles Seetüchtigkeitszeugnis", "Navigationserlaubnis oder Registrierungsbescheinigung", "Gültige Versicherungspolice"],
    turnaround: "1 bis 2 Wochen, je nach Terminlage der Prüfstelle",
    faqs: [
      {
        question: "Muss das Boot aus dem Wasser?",
        answer: "Bei manchen Besichtigungen ja (Rumpf und Unterwasserschiff). Wir sagen Ihnen Bescheid und organisieren bei Bedarf das Auskranen.",
      },
      {
        question: "Und wenn das Boot die Prüfung nicht besteht?",
        answer: "Sie erhalten eine Mängelliste und eine Frist zur Behebung; die Nachprüfung ist meist kürzer.",
      },
    ],
  },
  "matriculacion-barco": {
    title: "Bootszulassung",
    summary: "Wir lassen Ihr neues Boot im Registro de Buques (spanisches Schiffsregister) eintragen und übergeben Ihnen die Dokumente, mit denen Sie ablegen können.",
    body: "Jedes neue Sportboot muss vor der ersten Fahrt zugelassen werden: Es erhält ein Kennzeichen, und je nach Länge wird eine Registrierungsbescheinigung oder eine Navigationserlaubnis ausgestellt.\n\nMit der Rechnung und den Unterlagen der Werft bereiten wir die Akte vor, entrichten gegebenenfalls die Zulassungssteuer und reichen alles bei der Capitanía Marítima (Hafenbehörde) ein.",
    whoNeeds: ["Wer ein neues Boot oder einen neuen Jetski kauft", "Wer sein eigenes Boot baut"],
    documents: ["Kaufrechnung", "CE-Konformitätserklärung der Werft", "DNI oder NIE des Eigners", "Beleg über die Zulassungssteuer, falls bereits entrichtet"],
    turnaround: "1 bis 3 Wochen",
    faqs: [
      {
        question: "Müssen Jetskis zugelassen werden?",
        answer: "Ja, genau wie jedes andere Sportboot.",
      },
      {
        question: "Muss ich Zulassungssteuer zahlen?",
        answer: "Für Boote über 8 Meter Länge fällt sie in der Regel an, für kleinere normalerweise nicht. Wir bestätigen es Ihnen anhand Ihrer Angaben.",
      },
    ],
  },
  "renovacion-documentacion": {
    title: "Erneuerung der Dokumente",
    summary: "Wir verlängern das Seetüchtigkeitszeugnis, beantragen Duplikate und erneuern die übrigen Bootsdokumente, bevor sie ablaufen.",
    body: "Mit abgelaufenen Dokumenten darf ein Boot nicht auslaufen, und es drohen Bußgelder. Wir verlängern Zeugnisse, beantragen Duplikate bei Verlust oder Beschädigung und aktualisieren die Daten des Boots oder des Eigners.\n\nWir erinnern Sie an ablaufende Fristen und stellen die Anträge für Sie.",
    whoNeeds: ["Eigner, deren Dokumente bald ablaufen", "Wer die Dokumente seines Boots verloren hat"],
    documents: ["Das zu erneuernde Dokument oder die Verlustanzeige", "DNI oder NIE des Eigners", "Gültige Versicherungspolice"],
    turnaround: "2 bis 10 Werktage",
    faqs: [
      {
        question: "Wie früh sollte ich verlängern?",
        answer: "Einen Monat vor Ablauf ist ratsam, vor allem vor dem Sommer.",
      },
      {
        question: "Können Sie ein Duplikat beantragen?",
        answer: "Ja, mit der Verlustanzeige oder dem beschädigten Dokument.",
      },
    ],
  },
  seguro: {
    title: "Bootsversicherung",
    summary: "Wir holen für Ihr Boot Angebote für Haftpflicht- oder Vollkaskoversicherungen ein – mit dem Schutz, den Sie wirklich brauchen.",
    body: "Die Haftpflichtversicherung ist Pflicht, um auszulaufen; die Vollkaskoversicherung schützt zusätzlich das Boot selbst vor Schäden, Diebstahl oder Untergang.\n\nBeschreiben Sie uns Ihr Boot und wie Sie es nutzen: Wir vergleichen spezialisierte Versicherer und senden Ihnen die Angebote mit verständlich erklärten Leistungen und Selbstbehalten.",
    whoNeeds: ["Eigner von Booten und Jetskis", "Wer sein Boot verchartert (Charterdeckung erforderlich)"],
    documents: [],
    turnaround: "Angebote in 2 bis 3 Werktagen",
    faqs: [
      {
        question: "Ist die Vermietung an Dritte versichert?",
        answer: "Nur wenn die Police sie ausdrücklich einschließt; wählen Sie bei der Nutzung „Vermietung“, und wir suchen diesen Schutz für Sie.",
      },
      {
        question: "Bin ich zum Abschluss verpflichtet?",
        answer: "Nein. Wir senden Ihnen die Angebote, und Sie entscheiden.",
      },
    ],
  },
  limpieza: {
    title: "Bootsreinigung",
    summary: "Reinigung von Rumpf, Deck und Innenraum oder Antifouling – in Ihrem Hafen, zum Termin Ihrer Wahl.",
    body: "Ein sauberes Boot fährt besser und hält länger. Unsere Teams vor Ort reinigen Deck, Innenraum und Rumpf im Wasser oder tragen Antifouling auf, während das Boot an Land steht.\n\nSagen Sie uns, wo das Boot liegt, wie lang es ist und welche Reinigung Sie wünschen: Wir bestätigen Ihnen Preis und Uhrzeit.",
    whoNeeds: ["Eigner, die sich auf die Saison vorbereiten", "Charterunternehmen zwischen zwei Vermietungen"],
    documents: [],
    turnaround: "Bestätigung innerhalb von 1 Werktag",
    faqs: [
      {
        question: "Muss ich an Bord sein?",
        answer: "Nein. Es genügt, wenn der Hafen uns Zugang zum Steg gewährt und Sie uns für den Innenraum die Schlüssel überlassen.",
      },
      {
        question: "Welche Produkte verwenden Sie?",
        answer: "Biologisch abbaubare Produkte, die für Sportboothäfen geeignet sind.",
      },
    ],
  },
  transporte: {
    title: "Boottransport",
    summary: "Wir transportieren Ihr Boot auf der Straße zwischen Häfen, Werften und Privatgrundstücken – bei Bedarf mit Genehmigung für den Schwertransport.",
    body: "Wir transportieren Boote bis 40 Meter Länge auf der Straße in ganz Spanien und in die Nachbarländer, mit dem Kran oder Travellift des Abgangs- und des Zielhafens.\n\nNennen Sie uns Abgangsort, Ziel, Maße und Gewicht: Wir planen die Route, kümmern uns um die Genehmigungen für den Schwertransport und nennen Ihnen einen Festpreis.",
    whoNeeds: ["Wer ein Boot in einem anderen Hafen kauft", "Wer sein Boot zum Überwintern in eine Werft bringt", "Wer an einen weit entfernten Liegeplatz wechselt"],
    documents: [],
    turnaround: "Angebot innerhalb von 2 Werktagen",
    faqs: [
      {
        question: "Ist der Transport versichert?",
        answer: "Ja, mit einer Transportversicherung, die den angegebenen Wert des Boots abdeckt.",
      },
      {
        question: "Und das Einwassern?",
        answer: "Das koordinieren wir mit dem Abgangs- und dem Zielhafen; deren Krangebühren werden separat berechnet.",
      },
    ],
  },
  port: {
    title: "Ihr Hafen auf Amarre",
    summary: "Sie betreiben einen Sportboothafen oder eine Marina? Veröffentlichen Sie Ihre Liegeplätze auf Amarre und erreichen Sie Wassersportler aus ganz Europa.",
    body: "Häfen und Marinas können ihre Liegeplätze zum Kauf oder zur Miete auf Amarre veröffentlichen und Buchungen von Wassersportlern in vier Sprachen erhalten.\n\nHinterlassen Sie uns die Daten Ihres Hafens und eine Kontaktperson: Wir rufen Sie an, richten Ihr Konto ein und helfen Ihnen, die ersten Liegeplätze zu veröffentlichen.",
    whoNeeds: ["Sportboothäfen und Marinas", "Yachtclubs mit freien Liegeplätzen"],
    documents: [],
    turnaround: "Wir rufen Sie innerhalb von 2 Werktagen an",
    faqs: [
      {
        question: "Was kostet das?",
        answer: "Die Anmeldung ist kostenlos; Amarre berechnet nur eine Provision auf die Buchungen, die Sie erhalten.",
      },
      {
        question: "Kann ich meinen Kalender synchronisieren?",
        answer: "Ja: Jeder Liegeplatz stellt seinen Kalender im iCal-Format für Ihr Verwaltungssystem bereit.",
      },
    ],
  },
};
