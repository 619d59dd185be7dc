/**
 * What Stripe still needs from an owner (`requirements.currently_due`, decision 052) as the words
 * of `bookings:payouts.connect.due.*`: each requirement id Stripe sends is matched to a kind of
 * information (the most specific rule first); an id no rule knows is `other`, shown with its id.
 * Ids that ask for the same thing (a date of birth's day, month and year) become one line.
 */
const RULES: ReadonlyArray<[RegExp, string]> = [
  [/^external_account$/, "bankAccount"],
  [/^tos_acceptance\./, "terms"],
  [/verification\.(additional_)?document$/, "identityDocument"],
  [/verification\.(additional_)?document\./, "identityDocument"],
  [/\.dob\./, "birthDate"],
  [/\.id_number$|\.ssn_last_4$|\.personal_id_number$/, "idNumber"],
  [/\.address\./, "address"],
  [/\.(first_name|last_name)$/, "name"],
  [/\.email$/, "email"],
  [/\.phone$/, "phone"],
  [/^business_profile\.url$/, "website"],
  [/^business_profile\.(mcc|product_description)$/, "business"],
  [/^business_type$/, "businessType"],
  [/^company\./, "company"],
  [/^(representative|owners|directors|executives)\b|relationship\./, "representative"],
];

export type RequirementWord = { key: string; id: string };

export function requirementWords(currentlyDue: readonly string[]): RequirementWord[] {
  const words: RequirementWord[] = [];
  for (const id of currentlyDue) {
    const key = RULES.find(([pattern]) => pattern.test(id))?.[1] ?? "other";
    if (key !== "other" && words.some((word) => word.key === key)) continue;
    words.push({ key, id });
  }
  return words;
}

/** Stripe's `requirements.disabled_reason` as a word of `bookings:payouts.connect.disabled.*`. */
export function disabledReasonWord(reason: string | null): string | null {
  if (!reason) return null;
  if (reason.startsWith("requirements.past_due")) return "pastDue";
  if (reason.startsWith("requirements.pending_verification")) return "pendingVerification";
  if (reason.startsWith("rejected.")) return "rejected";
  if (reason === "listed" || reason === "under_review") return "review";
  return "other";
}
