import type { LegalPageKey, LegalTexts } from "#app/features/legal-pages/legal-pages";
import { COMPANY, companyAddress } from "../company";

/** The legal pages' texts in German as shipped (the team edits them at /admin/contenidos). */
export const de: Record<LegalPageKey, LegalTexts> = {
  "aviso-legal": {
    title: "Impressum",
    summary: "Wer hinter Amarre steht und unter welchen Bedingungen Sie diese Website nutzen dürfen – nach dem spanischen Gesetz 34/2002 über Dienste der Informationsgesellschaft (LSSI).",
    body: `## Betreiber der Website
Gemäß Artikel 10 des spanischen Gesetzes 34/2002 vom 11. Juli über Dienste der Informationsgesellschaft und den elektronischen Geschäftsverkehr (LSSI) gehören diese Website und ihre Apps:

- **Betreiber:** ${COMPANY.name}
- **Steuernummer (NIF):** ${COMPANY.taxId}
- **Sitz:** ${companyAddress("de")}
- **Registereintrag:** Handelsregister Palma de Mallorca, Band 2871, Blatt 112, Registerblatt PM-98765, 1. Eintragung
- **E-Mail:** [hola@amarre.test](mailto:hola@amarre.test)
- **Telefon:** +34 971 000 123 (Montag bis Freitag, 9 bis 18 Uhr)

## Was Amarre ist
Amarre ist ein Online-Marktplatz, der Privatpersonen und Unternehmen, die Boote, Jetskis und Liegeplätze vermieten, mit Menschen zusammenbringt, die sie mieten oder kaufen möchten, und der nautische Dienstleistungen wie Bootsbehördengänge, Versicherungen, Reinigung und Transport anbietet. Amarre gehören weder die angebotenen Boote noch die Liegeplätze: Für jedes Inserat ist verantwortlich, wer es veröffentlicht.

## Nutzung der Website
Der Zugang zur Website ist kostenlos und macht Sie zum Nutzer. Mit dem Besuch akzeptieren Sie dieses Impressum; wer Inserate veröffentlicht, bucht oder Dienstleistungen anfragt, für den gelten zusätzlich die [Nutzungsbedingungen](/condiciones). Sie verpflichten sich, die Website rechtmäßig zu nutzen, keine falschen, beleidigenden oder die Rechte Dritter verletzenden Inhalte zu veröffentlichen und nicht zu versuchen, auf Bereiche oder Daten zuzugreifen, die Ihnen nicht zustehen.

## Geistiges und gewerbliches Eigentum
Gestaltung, Code, eigene Texte, Logos und die Marke Amarre gehören der ${COMPANY.name} oder werden unter Lizenz genutzt. Fotos und Beschreibungen der Inserate gehören denjenigen, die sie veröffentlichen und uns erlauben, sie auf der Website zu zeigen. Vervielfältigung, Verbreitung oder Bearbeitung dieser Inhalte ohne Genehmigung ist außer zum persönlichen Gebrauch nicht gestattet.

## Haftung
Wir sorgen dafür, dass die Website erreichbar ist und ihre Angaben stimmen, können aber Unterbrechungen oder Fehler nicht ausschließen. Als Vermittlungsdienst haften wir nach Artikel 16 und 17 LSSI nicht für Inhalte der Nutzer, solange wir keine tatsächliche Kenntnis von ihrer Rechtswidrigkeit haben; wenn Ihnen ein solcher Inhalt auffällt, schreiben Sie uns, und wir entfernen ihn umgehend.

## Links
Links zu Websites Dritter dienen nur der Information. Wir haben keinen Einfluss auf diese Websites und haften nicht für ihre Inhalte.

## Personenbezogene Daten und Cookies
Wie wir mit Ihren Daten umgehen, erklärt die [Datenschutzerklärung](/privacidad); welche Cookies wir verwenden, die [Cookie-Richtlinie](/cookies).

## Anwendbares Recht
Für dieses Impressum gilt spanisches Recht. Bei Streitigkeiten sind für Verbraucher die Gerichte ihres Wohnsitzes zuständig, im Übrigen die Gerichte in Palma.`,
  },
  privacidad: {
    title: "Datenschutzerklärung",
    summary: "Welche personenbezogenen Daten Amarre verarbeitet, wozu, wie lange, und wie Sie Ihre Rechte nach der DSGVO und dem spanischen Datenschutzgesetz (LOPDGDD) wahrnehmen.",
    body: `## Verantwortlicher
${COMPANY.name}, NIF ${COMPANY.taxId}, ${companyAddress("de")}. Bei allen Fragen zum Datenschutz schreiben Sie uns an [hola@amarre.test](mailto:hola@amarre.test).

## Welche Daten wir verarbeiten
- **Konto:** Name, E-Mail-Adresse, Passwort (nur als Hash gespeichert, nie im Klartext), Sprache und bei gewerblichen Anbietern Firmenname, Steuernummer, Telefon und Anschrift.
- **Öffentliches Profil:** Anzeigename, Foto, Kurzbeschreibung und gesprochene Sprachen, sofern Sie diese angeben.
- **Vermieterprofil:** vollständiger Name, Ausweisnummer, Telefon, Anschrift und IBAN, die für das Veröffentlichen von Inseraten und für Auszahlungen nötig sind.
- **Inserate, Buchungen und Rechnungen:** Angaben zu Booten und Liegeplätzen, Daten, Beträge und Status jeder Buchung.
- **Nachrichten und Bewertungen:** Ihre Unterhaltungen mit anderen Nutzern und die Bewertungen, die Sie schreiben oder erhalten.
- **Anfragen und Kontakt:** was Sie uns über die Service- und Kontaktformulare mitteilen, samt angehängter Dokumente.
- **Technische Daten:** IP-Adresse und Serverprotokolle, zur Sicherheit des Dienstes und zur Begrenzung von Missbrauch.

## Zwecke und Rechtsgrundlagen
- Erbringung des gewünschten Dienstes (Konto, Inserate, Buchungen, Nachrichten, Anfragen): Vertragserfüllung (Art. 6 Abs. 1 lit. b DSGVO).
- Ausstellen von Rechnungen und Erfüllung buchhalterischer und steuerlicher Pflichten: rechtliche Verpflichtung (Art. 6 Abs. 1 lit. c DSGVO).
- Schutz der Website vor Betrug und Missbrauch sowie das Ausblenden von Kontaktdaten in Nachrichten vor einer bestätigten Buchung: berechtigtes Interesse (Art. 6 Abs. 1 lit. f DSGVO).
- Beantwortung Ihrer Kontaktanfragen: Ihre Einwilligung beim Absenden und unser berechtigtes Interesse, Ihnen zu helfen.

Wir erstellen keine Werbeprofile und verkaufen Ihre Daten nicht.

## Wer Ihre Daten sieht
- Andere Nutzer sehen Ihr öffentliches Profil, Ihre Inserate und Ihre Bewertungen. Bei einer Buchung erhält die andere Seite die für die Vermietung nötigen Daten.
- Unsere Dienstleister für Hosting, E-Mail und Speicher, die Daten in unserem Auftrag und auf Grundlage eines Vertrags nach Art. 28 DSGVO verarbeiten. Unsere Server stehen in der Europäischen Union; verarbeitet ein Dienstleister Daten außerhalb des Europäischen Wirtschaftsraums, geschieht das auf Grundlage der Standardvertragsklauseln der Europäischen Kommission.
- Behörden (Hafenbehörde, Steuerverwaltung, Gerichte), wenn ein Gesetz es verlangt oder wenn wir einen Behördengang für Sie erledigen.

## Wie lange wir sie speichern
- Kontodaten, solange Ihr Konto besteht.
- Buchungen und Rechnungen sechs Jahre ab ihrem Datum: Das spanische Handelsgesetzbuch (Código de Comercio, Art. 30) verlangt, die Unterlagen eines Unternehmens so lange aufzubewahren; die Frist umfasst die vier Jahre, in denen die Steuerbehörde Steuern prüfen kann (Ley General Tributaria, Art. 66).
- Anfragen und Kontaktnachrichten bis zu fünf Jahre nach ihrem Abschluss, für den Fall einer Reklamation.
- Technische Protokolle höchstens zwölf Monate.

## Wenn Sie Ihr Konto löschen
Sie können es selbst unter [Datenschutz und Ihre Daten](/ajustes/privacidad) mit Ihrem Passwort löschen. Dabei:
- werden Sie auf allen Geräten abgemeldet, und Ihr Konto, Ihr Profil, Ihr Foto, Ihre Vermieterdaten, Ihre Favoriten, Ihr Verlauf und die Inserate ohne Buchungen (mit ihren Fotos) werden gelöscht;
- werden offene Anfragen und kommende Buchungen nach den üblichen Regeln storniert (sind Sie der Eigner, erhält der Mieter alles Gezahlte zurück); während einer laufenden Fahrt oder eines offenen Anspruchs auf die Kaution lässt sich das Konto nicht löschen;
- **bewahren wir auf**, weil das Gesetz es verlangt, die Buchungen, an denen Sie beteiligt waren, und ihre Rechnungen, mit Ihrem Namen wie in Rechnung gestellt, für die oben genannten sechs Jahre; Inserate mit Buchungen bleiben archiviert und unveröffentlicht, solange diese Buchungen aufbewahrt werden;
- **bewahren wir auf** Ihre Nachrichten in den Unterhaltungen der anderen Person, die sie weiterhin mit dem Absender „Gelöschtes Konto“ sieht, und Ihre veröffentlichten Bewertungen, ohne Ihren Namen;
- werden Ihre Anfragen für die oben genannte Frist aufbewahrt.

Was aufbewahrt wird, nutzen wir nur, um diese Pflichten zu erfüllen oder eine Reklamation zu beantworten.

## Ihre Daten herunterladen
Unter [Datenschutz und Ihre Daten](/ajustes/privacidad) können Sie jederzeit eine JSON-Datei mit allem herunterladen, was wir über Sie speichern: Profil, Vermieterdaten, Inserate, Buchungen, Unterhaltungen, Anfragen, Bewertungen, Favoriten, Verlauf und die Liste Ihrer Rechnungen mit Links zu ihren PDFs (Auskunftsrecht und Recht auf Datenübertragbarkeit, Art. 15 und 20 DSGVO).

## Ihre Rechte
Sie können jederzeit Auskunft über Ihre Daten, deren Berichtigung oder Löschung, die Einschränkung der Verarbeitung und die Datenübertragbarkeit verlangen, der Verarbeitung widersprechen und eine Einwilligung widerrufen, ohne dass dies die bisherige Verarbeitung berührt. Schreiben Sie an [hola@amarre.test](mailto:hola@amarre.test) und nennen Sie das Recht, das Sie ausüben möchten; wir antworten innerhalb eines Monats. Wenn Sie meinen, dass wir Ihr Anliegen nicht richtig behandelt haben, können Sie sich bei der spanischen Datenschutzbehörde beschweren ([www.aepd.es](https://www.aepd.es)).

## Sicherheit
Passwörter werden mit einem Schlüsselableitungsverfahren gespeichert, Verbindungen sind verschlüsselt, und Dokumente zu Anfragen sowie Rechnungen können nur ihr Inhaber und unser Team herunterladen.

## Minderjährige
Amarre richtet sich an Personen ab 18 Jahren. Wir registrieren wissentlich keine Minderjährigen.

## Änderungen
Ändern wir diese Erklärung, weisen wir auf der Website darauf hin und bei wesentlichen Änderungen auch per E-Mail.`,
  },
  cookies: {
    title: "Cookie-Richtlinie",
    summary: "Amarre verwendet nur die Cookies, die für den Betrieb der Website und Ihre Einstellungen nötig sind. Keine Analyse-, Werbe- oder Tracking-Cookies.",
    body: `## Was ein Cookie ist
Ein Cookie ist eine kleine Datei, die eine Website in Ihrem Browser speichert, um sich von einer Seite zur nächsten etwas zu merken – etwa, dass Sie angemeldet sind, oder welche Sprache Sie bevorzugen.

## Die Cookies, die wir verwenden
Alle sind eigene Cookies (von Amarre gesetzt, nicht von Dritten) und für den von Ihnen gewünschten Dienst erforderlich; nach Artikel 22.2 LSSI brauchen sie daher keine Einwilligung:

- **__session** – hält Sie sicher angemeldet (signiert, für JavaScript nicht lesbar). Gültig 14 Tage oder bis zur Abmeldung.
- **i18n_redirected** – merkt sich die gewählte Sprache (Spanisch, Englisch, Französisch oder Deutsch). Gültig ein Jahr.
- **theme** – merkt sich, ob Sie den hellen oder dunklen Modus bevorzugen. Gültig ein Jahr; mit „Wie im System“ wird es gelöscht.
- **recently_viewed** – merkt sich die zuletzt angesehenen Inserate für Ihren Verlauf. Gültig 30 Tage.

## Was wir nicht verwenden
Wir verwenden keine Analyse-, Werbe- oder Social-Media-Cookies und lassen keine Dritten über Amarre Cookies setzen. Deshalb sehen Sie auch kein Banner, das um Zustimmung bittet.

## Cookies löschen
Sie können Cookies in den Einstellungen Ihres Browsers löschen oder blockieren. Blockieren Sie das Sitzungs-Cookie, können Sie sich nicht anmelden; blockieren Sie die Sprach- oder Design-Cookies, nutzt die Website ihre Standardeinstellungen.

## Weitere Informationen
Bei Fragen schreiben Sie uns an [hola@amarre.test](mailto:hola@amarre.test). Wie wir mit Ihren Daten umgehen, erklärt die [Datenschutzerklärung](/privacidad).`,
  },
  condiciones: {
    title: "Nutzungsbedingungen",
    summary: "Die Regeln für Inserate, Buchungen von Booten und Liegeplätzen, die Servicegebühr, Stornierungen, Bewertungen und Unterhaltungen auf Amarre.",
    body: `## 1. Gegenstand
Diese Bedingungen regeln die Nutzung von Amarre, dem Online-Marktplatz der ${COMPANY.name} (NIF ${COMPANY.taxId}, ${companyAddress("de", { region: false })}), für die Miete von Booten und Liegeplätzen, den Kauf von Liegeplätzen und die Anfrage nautischer Dienstleistungen. Mit der Eröffnung eines Kontos akzeptieren Sie sie zusammen mit der [Datenschutzerklärung](/privacidad). Amarre ist Vermittler: Der Mietvertrag kommt zwischen der mietenden Person (Mieter) und der Person zustande, die das Inserat veröffentlicht (Eigner oder gewerblicher Anbieter).

## 2. Konto
Sie müssen volljährig sein und wahre Angaben machen. Ihr Konto ist persönlich: Bewahren Sie Ihr Passwort sicher auf und sagen Sie uns Bescheid, wenn jemand es ohne Ihre Erlaubnis nutzt. Charterfirmen, Makler und Marinas können sich mit ihren Steuerdaten als gewerbliche Anbieter registrieren.

## 3. Inserate
- Um ein Inserat zu veröffentlichen, müssen Sie Ihr Vermieterprofil vervollständigen (vollständiger Name, Ausweis, Telefon, Anschrift und IBAN).
- Sie sichern zu, dass Sie das Boot oder den Liegeplatz vermieten dürfen, dass Papiere, Versicherung und Zeugnisse gültig sind und dass Beschreibung, Fotos, Ausstattung, Preise und der verlangte Führerschein zutreffen.
- Sie wählen die Stornobedingungen des Inserats. Inserate, die gegen diese Bedingungen oder das Gesetz verstoßen, können wir pausieren oder entfernen.

## 4. Buchungen
- Buchungen sind Anfragen: Der Eigner hat 48 Stunden Zeit, sie anzunehmen oder abzulehnen; ohne Antwort verfällt die Anfrage kostenlos. Inserate mit Sofortbuchung werden sofort bestätigt.
- Eine bestätigte Buchung bindet beide Seiten. Der Mieter muss den für das Boot verlangten Bootsführerschein besitzen oder den Skipper buchen, wo dieser angeboten wird oder Pflicht ist, und darf die angegebene Personenzahl nicht überschreiten.
- Der Eigner übergibt das Boot im beschriebenen Zustand; der Mieter gibt es im selben Zustand und gemäß der Tankregelung des Inserats zurück.

## 5. Preise und Servicegebühr
- Den Mietpreis legt der Eigner fest: den Wochenpreis für jede volle Woche, sofern vorhanden, den Tagespreis für die übrigen Tage (oder den Halbtagespreis), zuzüglich Skipper, falls gebucht.
- Amarre berechnet dem Mieter eine **Servicegebühr von 10 % der Miete**, die vor der Bestätigung angezeigt und von Amarre in Rechnung gestellt wird. Die Miete stellt der Eigner in Rechnung.
- Die Kaution steht im Inserat und in der Buchungsübersicht; sie wird wie im Inserat angegeben hinterlegt und nur bei nachgewiesenen Schäden oder Verlusten einbehalten.
- Alle Beträge verstehen sich in Euro inklusive Steuern.

## 6. Stornierungen
Storniert der Mieter, wird die Miete nach den Stornobedingungen des Inserats erstattet; **die Servicegebühr wird nicht erstattet**:
- **Flexibel:** 100 % Erstattung bis einen Tag vor Beginn.
- **Moderat:** 100 % Erstattung bis zehn Tage vorher, danach 50 %.
- **Streng:** 50 % Erstattung bis dreißig Tage vorher, danach keine Erstattung.

Storniert der Eigner, erhält der Mieter den vollen Betrag zurück, und die Stornierung wird beim Inserat vermerkt.

## 7. Bewertungen
Bewerten darf nur, wer eine Buchung abgeschlossen hat – einmal je Buchung und innerhalb von 30 Tagen: 1 bis 5 Sterne und ein Kommentar. Der Eigner kann einmal antworten. Bewertungen müssen ehrlich und respektvoll sein; wir entfernen solche mit Beleidigungen, personenbezogenen Daten oder Inhalten ohne Bezug zur Miete.

## 8. Unterhaltungen
Nachrichten zwischen Nutzern dienen der Vorbereitung und Durchführung von Buchungen. Bis eine Buchung bestätigt ist, werden E-Mail-Adressen und Telefonnummern in Nachrichten ausgeblendet, damit Zahlungen und Garantien über Amarre laufen. Nutzen Sie Unterhaltungen nicht für Werbung oder um andere zu belästigen.

## 9. Nautische Dienstleistungen und Anfragen
Anfragen zu Behördengängen, Versicherung, Reinigung, Transport oder der Aufnahme eines Hafens werden zu einem Vorgang, den unser Team bis zum Ende betreut; wir bestätigen den Preis vor Beginn und informieren Sie per E-Mail über jeden Schritt. Amtliche Gebühren werden gesondert bezahlt.

## 10. Haftung
Amarre stellt die Mittel bereit, damit der Marktplatz sicher funktioniert, ist aber weder Partei des Mietvertrags noch Eigentümer der Boote: Jeder Eigner haftet für sein Inserat und sein Boot, jeder Mieter für dessen Nutzung. Die gesetzlichen Rechte von Verbrauchern bleiben unberührt.

## 11. Sperrung von Konten
Wir können ein Konto sperren oder schließen, das gegen diese Bedingungen verstößt, rechtswidrige Inhalte veröffentlicht oder betrügt, und nennen Ihnen den Grund, sofern das Gesetz es nicht verbietet. Sie können Ihr Konto jederzeit schließen, indem Sie uns schreiben.

## 12. Anwendbares Recht und Beschwerden
Für diese Bedingungen gilt spanisches Recht. Als Verbraucher können Sie sich an die Gerichte Ihres Wohnsitzes und an die EU-Plattform zur Online-Streitbeilegung wenden ([ec.europa.eu/consumers/odr](https://ec.europa.eu/consumers/odr)). Bei Beschwerden schreiben Sie uns bitte zuerst an [hola@amarre.test](mailto:hola@amarre.test) oder nutzen Sie die [Kontaktseite](/contacto).

## 13. Änderungen
Wir können diese Bedingungen aktualisieren und kündigen wesentliche Änderungen mindestens 15 Tage im Voraus an. Für bereits bestätigte Buchungen gelten die Bedingungen, die bei der Bestätigung galten.`,
  },
  contacto: {
    title: "Kontakt",
    summary: "Eine Frage zu einer Buchung, einem Inserat oder einer Anfrage? Schreiben Sie uns – wir antworten innerhalb eines Werktags.",
    body: `Unser Team ist montags bis freitags von 9 bis 18 Uhr (spanische Zeit) für Sie da, auf Spanisch, Englisch, Französisch und Deutsch. Nachrichten, die Sie über dieses Formular senden, werden zu einem Vorgang: Mit einem Konto sehen Sie ihn in Ihrem persönlichen Bereich, und in jedem Fall schicken wir Ihnen die Vorgangsnummer per E-Mail.

## Weitere Kontaktmöglichkeiten
- **E-Mail:** [hola@amarre.test](mailto:hola@amarre.test)
- **Telefon:** +34 971 000 123
- **Anschrift:** ${COMPANY.name}, ${companyAddress("de")}

Für Behördengänge rund um Ihr Boot geht es schneller direkt über unseren [Bootsbehördenservice](/gestoria); und wenn Sie bereits gebucht haben, schreiben Sie dem Eigner direkt aus der Buchung.`,
  },
};
