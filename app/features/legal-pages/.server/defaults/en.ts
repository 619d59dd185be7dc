import type { LegalPageKey, LegalTexts } from "#app/features/legal-pages/legal-pages";
import { COMPANY, companyAddress } from "../company";

/** The legal pages' texts in English as shipped (the team edits them at /admin/contenidos). */
export const en: Record<LegalPageKey, LegalTexts> = {
  "aviso-legal": {
    title: "Legal notice",
    summary: "Who is behind Amarre and on what terms you may use this website, as required by Spain's Information Society Services Act (LSSI, Law 34/2002).",
    body: `## Website owner
In accordance with article 10 of Spanish Law 34/2002 of 11 July on information society services and electronic commerce (LSSI), this website and its apps belong to:

- **Owner:** ${COMPANY.name}
- **Tax ID (NIF):** ${COMPANY.taxId}
- **Registered office:** ${companyAddress("en")}
- **Registration:** Companies Register of Palma de Mallorca, volume 2871, folio 112, sheet PM-98765, entry 1
- **Email:** [hola@amarre.test](mailto:hola@amarre.test)
- **Phone:** +34 971 000 123 (Monday to Friday, 9:00 to 18:00 CET)

## What Amarre is
Amarre is an online marketplace that connects people and companies who rent out boats, jet skis and berths with those who want to rent or buy them, and that offers nautical services such as boat paperwork, insurance, cleaning and transport. Amarre does not own the boats or berths listed: each listing is the responsibility of whoever publishes it.

## Using the site
Access to the site is free and makes you a user. By browsing you accept this legal notice; to publish listings, book or request services, the [terms of use](/condiciones) apply as well. You agree to use the site lawfully, not to publish false or offensive content or content that infringes the rights of others, and not to try to reach areas or data that are not yours.

## Intellectual and industrial property
The design, code, our own texts, the logos and the Amarre brand belong to ${COMPANY.name} or are used under licence. The photos and descriptions of listings belong to those who publish them, who authorise us to show them on the site. You may not reproduce, distribute or transform this content without permission, except for your personal use.

## Liability
We work to keep the site available and its information accurate, but we cannot guarantee that there will be no interruptions or errors. As an intermediary service provider, under articles 16 and 17 of the LSSI, we are not liable for content published by users as long as we have no actual knowledge that it is unlawful; if you see any, write to us and we will remove it promptly.

## Links
Links to third-party sites are provided for information only. We do not control those sites and are not responsible for their content.

## Personal data and cookies
How we handle your data is explained in the [privacy policy](/privacidad), and which cookies we use in the [cookies policy](/cookies).

## Governing law
This legal notice is governed by Spanish law. For any dispute, if you are a consumer, the courts of your place of residence have jurisdiction; otherwise, the courts of Palma.`,
  },
  privacidad: {
    title: "Privacy policy",
    summary: "What personal data Amarre processes, why, for how long, and how you can exercise your rights under the GDPR and Spain's data protection act (LOPDGDD).",
    body: `## Data controller
${COMPANY.name}, tax ID ${COMPANY.taxId}, ${companyAddress("en")}. For any privacy matter, write to us at [hola@amarre.test](mailto:hola@amarre.test).

## What data we process
- **Account:** name, email address, password (stored hashed, never in plain text), language and, for professionals, company name, tax ID, phone number and address.
- **Public profile:** display name, photo, bio and the languages you speak, if you choose to fill them in.
- **Lessor profile:** legal name, identity document number, phone number, address and IBAN, needed to publish listings and receive payouts.
- **Listings, bookings and invoices:** details of boats and berths, dates, amounts and the status of each booking.
- **Messages and reviews:** your conversations with other users and the reviews you write or receive.
- **Requests and contact:** what you tell us in the service and contact forms, and the documents you attach.
- **Technical data:** IP address and server logs, to keep the service secure and limit abuse.

## Why we use it and on what legal basis
- To provide the service you ask for (account, listings, bookings, messages, requests): performance of a contract (art. 6.1.b GDPR).
- To issue invoices and meet accounting and tax obligations: legal obligation (art. 6.1.c GDPR).
- To protect the site against fraud and abuse, and to hide contact details in messages before a booking is confirmed: legitimate interest (art. 6.1.f GDPR).
- To answer your contact messages: your consent when you send them and our legitimate interest in helping you.

We do not build advertising profiles and we do not sell your data.

## Who can see your data
- Other users see your public profile, your listings and your reviews. When you book, the other party receives the data needed for the rental.
- Our hosting, email and storage providers, who process data on our behalf under a contract that meets art. 28 GDPR. Our servers are in the European Union; if a provider processes data outside the European Economic Area, it does so under the European Commission's standard contractual clauses.
- Public authorities (Harbour Master's Office, Tax Agency, courts) where the law requires it or when we handle paperwork you have asked us to do.

## How long we keep it
- Account data, for as long as your account is open.
- Bookings and invoices, six years from their date: the Spanish Commercial Code (art. 30) requires a business's records to be kept that long, which covers the four years in which the tax authority may review taxes (General Tax Act, art. 66).
- Requests and contact messages, up to five years after they are closed, in case a claim arises.
- Technical logs, twelve months at most.

## If you delete your account
You can delete it yourself at [Privacy and your data](/ajustes/privacidad), with your password. At that moment:
- you are signed out on all your devices, and your account, profile, photo, lessor details, favourites, history and the listings without bookings (with their photos) are deleted;
- your open requests and upcoming bookings are cancelled under the usual rules (where you are the owner, the renter gets back everything they paid); the account cannot be deleted while a trip is under way or a deposit claim is open;
- **we keep**, because the law requires it, the bookings you took part in and their invoices, with your name as invoiced, for the six years stated above; listings with bookings stay archived, unpublished, while those bookings are kept;
- **we keep** your messages in the other person's conversations, where they still see them from “Deleted account”, and your published reviews, without your name;
- your requests are kept for the period stated above.

What is kept is used only to meet those obligations or to answer a claim.

## Download your data
At [Privacy and your data](/ajustes/privacidad) you can download at any time a JSON file with everything we hold on you: profile, lessor details, listings, bookings, conversations, requests, reviews, favourites, history and the list of your invoices with links to their PDFs (right of access and to data portability, GDPR arts. 15 and 20).

## Your rights
At any time you may ask for access to your data, its rectification or erasure, restriction of processing and portability, and you may object to processing and withdraw your consent without affecting what came before. Write to [hola@amarre.test](mailto:hola@amarre.test) saying which right you wish to exercise; we will answer within one month. If you believe we have not handled your request properly, you may complain to the Spanish Data Protection Agency ([www.aepd.es](https://www.aepd.es)).

## Security
Passwords are stored with a key-derivation algorithm, connections are encrypted, and case documents and invoices can only be downloaded by their owner and our team.

## Minors
Amarre is intended for people aged 18 and over. We do not knowingly register minors.

## Changes
If we change this policy we will say so on the site and, if the change is significant, by email.`,
  },
  cookies: {
    title: "Cookies policy",
    summary: "Amarre only uses the cookies the site needs to work and to remember your preferences. We use no analytics, advertising or tracking cookies.",
    body: `## What a cookie is
A cookie is a small file that a website stores in your browser to remember something from one page to the next, such as that you are signed in or which language you prefer.

## The cookies we use
All of them are our own (set by Amarre, not by third parties) and are needed to provide the service you ask for, so under article 22.2 of the LSSI they do not need your consent:

- **__session** — keeps you signed in securely (signed, out of reach of JavaScript). It lasts 14 days or until you sign out.
- **i18n_redirected** — remembers the language you chose (Spanish, English, French or German). It lasts one year.
- **theme** — remembers whether you prefer light or dark mode. It lasts one year; choosing "system" deletes it.
- **recently_viewed** — remembers the last listings you viewed, to show them in your history. It lasts 30 days.

## What we do not use
We use no analytics, advertising or social media cookies, and we do not let third parties set cookies through Amarre. That is why you will not see a banner asking for permission.

## How to delete them
You can delete or block cookies in your browser's settings. If you block the session cookie you will not be able to sign in; if you block the language or theme cookies, the site will use its defaults.

## More information
If you have any questions, write to [hola@amarre.test](mailto:hola@amarre.test). How we handle your data is explained in the [privacy policy](/privacidad).`,
  },
  condiciones: {
    title: "Terms of use",
    summary: "The rules for publishing listings, booking boats and berths, the service fee, cancellations, reviews and conversations on Amarre.",
    body: `## 1. Purpose
These terms govern the use of Amarre, the online marketplace of ${COMPANY.name} (tax ID ${COMPANY.taxId}, ${companyAddress("en", { region: false })}) for renting boats and berths, buying berths and requesting nautical services. By creating an account you accept them, together with the [privacy policy](/privacidad). Amarre acts as an intermediary: the rental contract is made between the person renting (the renter) and the person who publishes the listing (the owner or professional).

## 2. Account
You must be over 18 and give true information. Your account is personal: keep your password safe and tell us if someone uses it without your permission. Charter companies, brokers and marinas can register as professionals with their tax details.

## 3. Listings
- To publish a listing you must complete your lessor profile (legal name, identity document, phone number, address and IBAN).
- You guarantee that you are entitled to rent out the boat or berth, that its papers, insurance and certificates are in force, and that the description, photos, equipment, prices and required licence are accurate.
- You choose the listing's cancellation policy. We may pause or remove listings that breach these terms or the law.

## 4. Bookings
- Bookings are requests: the owner has 48 hours to accept or decline them; without an answer the request expires at no cost. Listings with instant booking are confirmed at once.
- A confirmed booking binds both parties. The renter must hold the boating licence the boat requires, or hire the skipper where one is offered or mandatory, and must not exceed the stated capacity.
- The owner hands over the boat in the condition advertised; the renter returns it in the same condition and according to the listing's fuel policy.

## 5. Prices and service fee
- The owner sets the rental price: the weekly price for each full week where there is one, the day price for the rest (or the half-day price), plus the skipper if hired.
- Amarre charges the renter a **service fee of 10% of the rental**, shown before you confirm and invoiced by Amarre. The rental is invoiced by the owner.
- The security deposit is shown in the listing and in the booking summary; it is held as the listing states and is only charged for proven damage or losses.
- All amounts are in euros, taxes included.

## 6. Cancellations
If the renter cancels, the rental is refunded according to the listing's policy; **the service fee is not refunded**:
- **Flexible:** 100% refund until one day before the start.
- **Moderate:** 100% refund until ten days before; 50% after that.
- **Strict:** 50% refund until thirty days before; no refund after that.

If the owner cancels, the renter receives a full refund and the cancellation is recorded on the listing.

## 7. Reviews
Only someone who has completed a booking may review it, once per booking and within 30 days: 1 to 5 stars and a comment. The owner may answer once. Reviews must be honest and respectful; we remove those containing insults, personal data or content unrelated to the rental.

## 8. Conversations
Messages between users are for preparing and carrying out bookings. Until a booking is confirmed, email addresses and phone numbers typed in messages are hidden, so that payments and guarantees go through Amarre. Do not use conversations for advertising or to harass anyone.

## 9. Nautical services and requests
Requests for paperwork, insurance, cleaning, transport or listing a port become a case that our team follows to the end; we confirm the price before starting and email you at every step. Official fees are paid separately.

## 10. Liability
Amarre provides the means for the marketplace to work safely, but it is not a party to the rental contract nor the owner of the boats: each owner is responsible for their listing and their vessel, and each renter for how they use it. Nothing in these terms limits the rights the law gives consumers.

## 11. Suspending accounts
We may suspend or close an account that breaches these terms, publishes unlawful content or commits fraud, telling you why unless the law prevents it. You may close your account whenever you wish by writing to us.

## 12. Governing law and complaints
These terms are governed by Spanish law. If you are a consumer, you may go to the courts of your place of residence and to the EU online dispute resolution platform ([ec.europa.eu/consumers/odr](https://ec.europa.eu/consumers/odr)). For any complaint, please write to us first at [hola@amarre.test](mailto:hola@amarre.test) or use the [contact](/contacto) page.

## 13. Changes
We may update these terms; we will give you at least 15 days' notice of significant changes. Bookings already confirmed are governed by the terms in force when they were confirmed.`,
  },
  contacto: {
    title: "Contact",
    summary: "A question about a booking, a listing or a request? Write to us and we will answer within one working day.",
    body: `Our team is available Monday to Friday, 9:00 to 18:00 (Spanish mainland time), in Spanish, English, French and German. The messages you send through this form become a case: if you have an account you will see it in your private area, and either way we will email you its reference.

## Other ways to reach us
- **Email:** [hola@amarre.test](mailto:hola@amarre.test)
- **Phone:** +34 971 000 123
- **Address:** ${COMPANY.name}, ${companyAddress("en")}

For paperwork on your boat it is quicker to ask directly through our [boat paperwork service](/gestoria); and if you already have a booking, write to the owner from the booking itself.`,
  },
};
