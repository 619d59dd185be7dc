/** The listing forms' number bounds, without zod (the schemas in schemas.ts use them; so do search pages in the browser). */
export const listingLimits = {
  title: { min: 10, max: 90 },
  descriptionMax: 5000,
  year: { min: 1950, max: new Date().getFullYear() + 1 },
  lengthM: { min: 2, max: 100 },
  cabinsMax: 20,
  berthsMax: 40,
  enginePowerHpMax: 5000,
  dayPriceCents: { min: 10_00, max: 100_000_00 },
  depositCentsMax: 1_000_000_00,
  skipperDailyCents: { min: 10_00, max: 5_000_00 },
  hourPriceCents: { min: 5_00, max: 5_000_00 },
  minimumAge: { min: 16, max: 99 },
  dock: {
    maxLengthM: { min: 2, max: 150 },
    maxBeamM: { min: 1, max: 40 },
    depthM: { min: 0, max: 30 },
    salePriceCents: { min: 1_000_00, max: 100_000_000_00 },
    concessionYearsMax: 99,
    annualFeeCentsMax: 1_000_000_00,
    dailyPriceCents: { min: 5_00, max: 10_000_00 },
    monthlyPriceCents: { min: 50_00, max: 100_000_00 },
    electricityAmps: { min: 6, max: 630 },
  },
} as const;

/** The longest meeting point of a boat or a booking (a pontoon, a street address and a landmark fit). */
export const MEETING_POINT_MAX = 160;
