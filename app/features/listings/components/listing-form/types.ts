/** The listing forms' data as the page holds it: every field, the loader's page data and the action's answers. */
import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import type { FormStep, ListingKind } from "#app/features/listings/form";
import type { PhotoView } from "#app/features/listings/view";

/** Every field of the listing forms, as the browser holds them (text, except checkboxes). */
export type ListingFormShape = {
  type: string;
  kind: string;
  title: string;
  description: { es: string; en: string; fr: string; de: string };
  make: string;
  model: string;
  year: string;
  lengthM: string;
  capacity: string;
  cabins: string;
  berths: string;
  enginePowerHp: string;
  fuel: string;
  equipment: string[];
  homePort: { portSlug: string; city: string; lat: string; lng: string };
  meetingPoint: string;
  meetingTime: string;
  dayPriceCents: string;
  halfDayPriceCents: string;
  weekPriceCents: string;
  depositCents: string;
  hourPriceCents: string;
  skipper: { mode: string; dailyPriceCents: string };
  licence: string;
  fuelPolicy: string;
  instantBooking: boolean;
  cancellationPolicy: string;
  minimumAge: string;
  guidedWithoutLicence: boolean;
  portSlug: string;
  berthNumber: string;
  berthType: string;
  maxLengthM: string;
  maxBeamM: string;
  depthM: string;
  services: {
    water: boolean;
    electricity: boolean;
    electricityAmps: string;
    wifi: boolean;
    showers: boolean;
    security: boolean;
    fuel: boolean;
    parking: boolean;
    pumpOut: boolean;
  };
  priceCents: string;
  concessionYearsLeft: string;
  annualFeeCents: string;
  marinaApprovalRequired: boolean;
  dailyPriceCents: string;
  monthlyPriceCents: string;
  availableFrom: string;
  availableTo: string;
};
export type ListingFields = ReturnType<FormMetadata<ListingFormShape, string[]>["getFieldset"]>;

export type PortOption = { slug: string; name: string; city: string; region: string };
export type MissingItem = { key: string; href: string };

/** What the form routes' loaders return (`loadListingForm`). */
export type ListingFormPageData = {
  kind: ListingKind;
  variant: string;
  id: string | null;
  status: "draft" | "published" | "paused" | "archived" | null;
  listingTitle: string | null;
  step: FormStep;
  steps: Array<{ step: FormStep; done: boolean }>;
  defaults: Record<string, unknown>;
  ports: PortOption[];
  photos: Array<PhotoView & { id: string }>;
  uploaded: number;
  review: {
    missing: MissingItem[];
    summary: {
      title: string | null;
      place: string | null;
      cover: PhotoView | null;
      price: { cents: number; unit: "day" | "month" | "sale" } | null;
    };
  } | null;
  limits: { maxPhotos: number; maxPhotoMegabytes: number; minPhotoSide: number };
  /** A boat's conditions step: the lowest licence the law asks of its type, length and power (issue 49). */
  legalMinimum?: string | null;
};

/** What the form routes' actions answer when they do not redirect. */
export type ListingFormActionData =
  | { intent: "step"; step: string; result: SubmissionResult<string[]> }
  | { intent: "upload" | "photo"; result: SubmissionResult<string[]> | null; uploaded: number; message: string | null }
  | { intent: "publish"; missing: MissingItem[]; message: string };
