import type { ServicePageKey, ServiceTexts } from "#app/features/service-pages/service-pages";

/** The service pages' first texts in English (the store keeps the team's edits). */
export const en: Record<ServicePageKey, ServiceTexts> = {
  gestoria: {
    title: "Nautical paperwork",
    summary: "Registration, change of ownership, ITB inspection, change to List 6 and more: request your procedure online and follow it step by step until it’s done.",
    body: "Our team of nautical agents handles your boat’s paperwork with the Capitanía Marítima (harbour master’s office), the Registro de Buques (Spanish Ship Register) and the authorised inspection bodies.\n\nChoose the procedure, give us your boat’s details and attach any documents you have. We review the request, tell you what’s missing and email you at every step. In your private area you can see the history, the team’s comments and the documents.",
    whoNeeds: ["Owners of pleasure boats, jet skis and sailing boats", "Charter companies and sailing schools", "Buyers and sellers of second-hand boats"],
    documents: [],
    turnaround: "Depends on the procedure: from 2 days to 4 weeks",
    faqs: [
      {
        question: "Do I have to go to the Capitanía in person?",
        answer: "No. With your authorisation, we submit the documents ourselves; we’ll only ask you to sign the forms that require your signature.",
      },
      {
        question: "When do I pay?",
        answer: "Once we’ve reviewed your request, we confirm a fixed price, with official fees charged separately. We don’t start anything without your agreement.",
      },
      {
        question: "Who can see my documents?",
        answer: "Only you and the paperwork team. They are stored privately and can only be downloaded from your area or the team’s.",
      },
    ],
  },
  "abanderamientos-y-bajas": {
    title: "Flagging and deregistration",
    summary: "We register your imported boat under the Spanish flag, or remove from the register the boat you’re selling abroad, scrapping or no longer using.",
    body: "Flagging registers a boat built or bought outside Spain under the Spanish flag. Deregistration removes it from the Registro de Buques (Spanish Ship Register) following export, scrapping, loss or a change of flag.\n\nWe prepare the file, settle any taxes due and submit the documents to the Capitanía Marítima (harbour master’s office) at your port.",
    whoNeeds: ["Anyone importing a boat from another country", "Anyone selling their boat to a foreign buyer", "Anyone scrapping a boat or declaring it lost"],
    documents: [
      "Owner’s DNI or NIE (Spanish ID card or foreigner’s identity number)",
      "Proof of ownership or purchase invoice",
      "Certificate of deregistration from the previous register (flagging)",
      "EC declaration of conformity or builder’s certificate",
      "Scrapping certificate or sale contract (deregistration)",
    ],
    turnaround: "2 to 4 weeks",
    faqs: [
      {
        question: "What taxes are payable when flagging a boat?",
        answer:
          "Depending on the case, import VAT and the Spanish registration tax (Impuesto Especial sobre Determinados Medios de Transporte). We calculate them for you before we start.",
      },
      {
        question: "Can I use the boat in the meantime?",
        answer: "Not under the new flag until the Capitanía issues the documents. We’ll tell you which temporary permits are available in your case.",
      },
    ],
  },
  "asesoramiento-contratos": {
    title: "Contract advice",
    summary: "We review or draft sale, charter and berth contracts so that you know exactly what you’re signing.",
    body: "A well-drafted nautical contract avoids hidden encumbrances, outstanding debts on the boat and misunderstandings over the deposit or the insurance.\n\nWe review the draft you’ve been given or draw up one tailored to you, check the register for any encumbrances on the boat and explain every clause to you before you sign.",
    whoNeeds: ["Boat buyers and sellers", "Owners who rent out their boat or their berth", "Charter companies reviewing their terms and conditions"],
    documents: [
      "The draft contract, if you have one",
      "Boat documents (registration, certificate of seaworthiness)",
      "DNI or CIF (Spanish personal ID or company tax number) of the parties",
    ],
    turnaround: "2 to 5 working days",
    faqs: [
      {
        question: "Do you check whether the boat has any debts?",
        answer: "Yes. We request an extract from the Registro de Bienes Muebles (Spanish register of movable property) to check for any charges, seizures or retention of title.",
      },
      {
        question: "Can you help with a contract in English?",
        answer: "Yes: we review contracts in Spanish, English, French and German.",
      },
    ],
  },
  "cambio-lista-6a": {
    title: "Change to List 6 (lista 6ª)",
    summary: "Move your boat from List 7 (private pleasure use) to List 6 (commercial charter) so you can hire it out commercially, with the clearance and inspections required.",
    body: "Only boats registered on List 6 (lista 6ª) may be hired out for profit. The change requires a survey of the boat, the safety equipment specific to charter, suitable third-party liability insurance and an application to the Capitanía Marítima (harbour master’s office).\n\nWe tell you what your boat is missing, coordinate the inspection and submit the file.",
    whoNeeds: ["Owners who want to charter out their boat on Amarre or other platforms", "Charter companies expanding their fleet"],
    documents: ["Current navigation permit or registration certificate", "Owner’s DNI, NIE or CIF", "Insurance policy covering charter", "Valid certificate of seaworthiness"],
    turnaround: "3 to 6 weeks",
    faqs: [
      {
        question: "Do I need a company to be on List 6?",
        answer: "Not always: a private individual can, but must register for the business activity. We’ll explain the tax options to you.",
      },
      {
        question: "Can I go back to List 7?",
        answer: "Yes, through the same type of procedure in reverse.",
      },
    ],
  },
  "cambio-propiedad-barco": {
    title: "Change of ownership",
    summary: "Put the boat in the buyer’s name: we pay the transfer tax and register the change with the Capitanía.",
    body: "When a second-hand boat is bought or sold, the change of ownership must be entered in the Registro de Buques (Spanish Ship Register) and the transfer tax (Impuesto de Transmisiones Patrimoniales, form 620), or whichever tax applies, must be paid.\n\nWe take care of the tax, the file at the Capitanía Marítima (harbour master’s office) and the new documents in the buyer’s name.",
    whoNeeds: ["Anyone buying a second-hand boat", "Anyone selling their boat who no longer wants to be the registered owner", "Heirs to a boat"],
    documents: [
      "Sale contract signed by both parties",
      "Buyer’s and seller’s DNI or NIE",
      "Navigation permit or registration certificate",
      "Proof of tax payment, if already paid",
    ],
    turnaround: "1 to 3 weeks",
    faqs: [
      {
        question: "How much is the tax?",
        answer: "It depends on the autonomous community and the value of the boat; we calculate it for you before we start.",
      },
      {
        question: "What if the seller won’t sign?",
        answer: "Without the seller’s signature the change cannot be registered; through our contract advice service we’ll look at how to resolve it.",
      },
    ],
  },
  "itb-barco": {
    title: "Boat technical inspection (ITB)",
    summary: "We book your boat’s technical inspection with an authorised inspection body, attend it with you and process the certificate.",
    body: "Pleasure boats undergo periodic surveys to renew their certificate of seaworthiness: generally every five years, and at other intervals depending on length and use.\n\nWe tell you what will be checked, book the inspection at your port with an authorised body and, if any defects are found, help you put them right before the second visit.",
    whoNeeds: ["Owners whose certificate of seaworthiness is about to expire", "Anyone buying a boat whose inspection has lapsed"],
    documents: ["Current certificate of seaworthiness", "Navigation permit or registration certificate", "Valid insurance policy"],
    turnaround: "1 to 2 weeks, depending on the inspection body’s availability",
    faqs: [
      {
        question: "Does the boat have to come out of the water?",
        answer: "For some surveys, yes (hull and underwater body). We’ll let you know and arrange the haul-out if needed.",
      },
      {
        question: "What if it fails?",
        answer: "You receive the list of defects and a deadline to fix them; the second inspection is usually shorter.",
      },
    ],
  },
  "matriculacion-barco": {
    title: "Boat registration",
    summary: "We register your new boat in the Registro de Buques (Spanish Ship Register) and hand you the documents you need to go to sea.",
    body: "Every new pleasure boat must be registered before it goes to sea: it is assigned a registration number and issued a registration certificate or a navigation permit, depending on its length.\n\nWith the invoice and the builder’s documents, we prepare the file, pay the registration tax where applicable and submit it to the Capitanía Marítima (harbour master’s office).",
    whoNeeds: ["Anyone buying a new boat or jet ski", "Anyone building their own boat"],
    documents: ["Purchase invoice", "Builder’s EC declaration of conformity", "Owner’s DNI or NIE", "Proof of registration tax payment, if already paid"],
    turnaround: "1 to 3 weeks",
    faqs: [
      {
        question: "Do jet skis have to be registered?",
        answer: "Yes, just like any other pleasure craft.",
      },
      {
        question: "Do I have to pay registration tax?",
        answer: "Boats over 8 metres in length usually do; below that, normally not. We’ll confirm it based on your details.",
      },
    ],
  },
  "renovacion-documentacion": {
    title: "Document renewal",
    summary: "We renew the certificate of seaworthiness, obtain duplicates and take care of your boat’s other documents before they expire.",
    body: "A boat with expired documents cannot go to sea and may be fined. We renew certificates, request duplicates for lost or damaged documents and update the boat’s or the owner’s details.\n\nWe remind you of what is due to expire and submit the applications for you.",
    whoNeeds: ["Owners whose documents are about to expire", "Anyone who has lost their boat’s documents"],
    documents: ["The document to be renewed, or the police report of its loss", "Owner’s DNI or NIE", "Valid insurance policy"],
    turnaround: "2 to 10 working days",
    faqs: [
      {
        question: "How far in advance should I renew?",
        answer: "A month before expiry is sensible, especially ahead of the summer.",
      },
      {
        question: "Can you request a duplicate?",
        answer: "Yes, with the police report of the loss or the damaged document.",
      },
    ],
  },
  seguro: {
    title: "Boat insurance",
    summary: "We get you third-party liability or comprehensive insurance quotes for your boat, with the cover you actually need.",
    body: "Third-party liability insurance is compulsory to go to sea; comprehensive cover also protects the boat itself against damage, theft or sinking.\n\nTell us about your boat and how you use it: we compare specialist insurers and send you the quotes with their cover and excesses explained.",
    whoNeeds: ["Owners of boats and jet skis", "Anyone who charters out their boat (charter cover required)"],
    documents: [],
    turnaround: "Quotes in 2 to 3 working days",
    faqs: [
      {
        question: "Does it cover chartering to third parties?",
        answer: "Only if the policy expressly includes it; choose “Rental” as the use and we’ll find that cover for you.",
      },
      {
        question: "Am I obliged to take out a policy?",
        answer: "No. We send you the quotes and the decision is yours.",
      },
    ],
  },
  limpieza: {
    title: "Boat cleaning",
    summary: "Hull, deck and interior cleaning, or antifouling, at your port on the date of your choice.",
    body: "A clean boat performs better and lasts longer. Our local teams clean the deck, the interior and the hull afloat, or apply antifouling with the boat out of the water.\n\nTell us where the boat is, its length and the cleaning you need: we’ll confirm the price and time.",
    whoNeeds: ["Owners getting ready for the season", "Charter companies between charters"],
    documents: [],
    turnaround: "Confirmation within 1 working day",
    faqs: [
      {
        question: "Do I need to be on board?",
        answer: "No. The marina just needs to give us access to the pontoon and, for the interior, we’ll need the keys.",
      },
      {
        question: "What products do you use?",
        answer: "Biodegradable products suitable for use in marinas.",
      },
    ],
  },
  transporte: {
    title: "Boat transport",
    summary: "We move your boat by road between ports, boatyards and homes, with special transport permits where needed.",
    body: "We transport boats up to 40 metres in length by road throughout Spain and to neighbouring countries, using the crane or travel lift at the ports of departure and destination.\n\nTell us the origin, destination, dimensions and weight: we work out the route, the special transport permits and a fixed price.",
    whoNeeds: ["Anyone buying a boat at another port", "Anyone taking their boat to a boatyard for the winter", "Anyone moving to a distant berth"],
    documents: [],
    turnaround: "Quote within 2 working days",
    faqs: [
      {
        question: "Is the transport insured?",
        answer: "Yes, with cargo insurance covering the boat’s declared value.",
      },
      {
        question: "What about launching?",
        answer: "We coordinate it with the ports of departure and destination; their crane fees are charged separately.",
      },
    ],
  },
  port: {
    title: "Your port on Amarre",
    summary: "Do you run a marina or yacht harbour? List your berths on Amarre and reach sailors from all over Europe.",
    body: "Ports and marinas can list their berths for sale or rent on Amarre and receive bookings from sailors in four languages.\n\nLeave us your port’s details and a contact person: we’ll call you to set up your account and help you list your first berths.",
    whoNeeds: ["Marinas and yacht harbours", "Yacht clubs with berths available"],
    documents: [],
    turnaround: "We’ll call you within 2 working days",
    faqs: [
      {
        question: "How much does it cost?",
        answer: "Signing up is free; Amarre only charges a commission on the bookings you receive.",
      },
      {
        question: "Can I sync my calendar?",
        answer: "Yes: each berth publishes its calendar in iCal format for your management system.",
      },
    ],
  },
};
