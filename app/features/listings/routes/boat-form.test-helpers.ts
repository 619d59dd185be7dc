/**
 * What the boat form's tests share: fresh test services for each file (`withTestServices()`, read
 * `services` inside tests), requests to the real loader and action, the steps' valid answers, a
 * JPEG to upload, and a draft with every data step done.
 */
import type { SubmissionResult } from "@conform-to/react";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import type { BoatListing } from "#app/features/listings/.server";
import type { Services } from "#app/.server/services";
import { authedRequest, createTestServices, formPost, loadContext, pageRequest, settle, signInAs } from "#tests/test-services";
import { loader as draftsLoader } from "#app/features/listings/routes/drafts";
import { action, loader } from "./boat-form";

export let services: Services;

/** Call once at the top of a test file: test services of its own, closed after it. */
export function withTestServices(): void {
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(() => services.close());
}

export const context = () => loadContext(services);
export const MOTOR = "/boat/form/add-motor-boat";
export const JETSKI = "/boat/form/add-moto-agua";

export type Reply<T> = { data: T; init: ResponseInit | null };
export type StepReply = Reply<{ intent: "step"; step: string; result: SubmissionResult<string[]> }>;
export type UploadReply = Reply<{ intent: "upload"; result: SubmissionResult<string[]> | null; uploaded: number; message: string | null }>;
export type PublishReply = Reply<{ intent: "publish"; missing: Array<{ key: string; href: string }>; message: string }>;

/** The demo owner's browser (complete lessor profile). */
export function demoOwnerCookie() {
  return signInAs(services, "owner@amarre.test", "amarre-demo");
}

export async function post(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  return settle(() => action({ request: formPost(path, fields, cookie), params: {}, context: context() }));
}

export async function load(path: string, cookie?: string) {
  return settle(() => loader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: {}, context: context() }));
}

export async function upload(path: string, cookie: string, files: Array<{ name: string; bytes: Uint8Array; type: string }>) {
  const body = new FormData();
  body.append("intent", "upload");
  for (const file of files) body.append("photos", new File([file.bytes.slice()], file.name, { type: file.type }));
  return settle(() => action({ request: authedRequest(path, cookie, { method: "POST", body }), params: {}, context: context() }));
}

export async function drafts(cookie: string) {
  return (await draftsLoader({ request: authedRequest("/ajustes/recopilar-borrador-alquiler", cookie), params: {}, context: context() })) as Exclude<
    Awaited<ReturnType<typeof draftsLoader>>,
    Response
  >;
}

/** A boat listing as stored. */
export async function stored(id: string) {
  return (await services.listings.get(id)) as BoatListing | null;
}

export function location(response: unknown): string | null {
  expect(response).toBeInstanceOf(Response);
  return (response as Response).headers.get("Location");
}

export const steps = {
  basics: {
    title: "Lancha Rinker 28 en Palma",
    "description.es": "Lancha cómoda para ocho personas, ideal para calas de Mallorca.",
    "description.en": "",
  },
  specs: {
    make: "Rinker",
    model: "Captiva 282",
    year: "2019",
    lengthM: "8,5",
    capacity: "8",
    cabins: "1",
    berths: "2",
    enginePowerHp: "300",
    fuel: "gasoline",
    equipment: ["gps", "bimini", "swim-ladder"],
  },
  location: { "homePort.portSlug": "club-de-mar-palma" },
  pricing: {
    dayPriceCents: "450,50",
    halfDayPriceCents: "280",
    weekPriceCents: "2.700",
    depositCents: "1.500",
    "skipper.mode": "optional",
    "skipper.dailyPriceCents": "150",
  },
  conditions: { licence: "per", fuelPolicy: "not-included-return-full", cancellationPolicy: "moderate", instantBooking: "on" },
};

/** A JPEG that `storePhoto` accepts (at least 200 px a side). */
export async function jpeg(width = 400, height = 300) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 80, b: 160 } } }).jpeg().toBuffer();
  return new Uint8Array(buffer);
}

/** Runs every data step of a new motor boat for `cookie`; returns the draft's id. */
export async function completeAllSteps(cookie: string): Promise<string> {
  const first = await post(MOTOR, { ...steps.basics, intent: "next" }, cookie);
  const id = new URL(location(first)!, "http://localhost").searchParams.get("id")!;
  for (const step of ["specs", "location", "pricing", "conditions"] as const) {
    const response = await post(`${MOTOR}?id=${id}&step=${step}`, { ...steps[step], intent: "next" }, cookie);
    expect(response, step).toBeInstanceOf(Response);
  }
  return id;
}
