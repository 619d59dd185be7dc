import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The lint rules that keep the code's shape fail a deliberate violation and pass a legitimate import. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("lint keeps the shape", () => {
  it.each([
    ["app/features/bookings/.server/service.ts", 'import { data } from "@remix-run/node";\nexport const x = data;'],
    ["app/features/bookings/.server/service.ts", 'import { requireUser } from "#app/.server/auth/guards";\nexport const x = requireUser;'],
    ["app/features/bookings/.server/service.ts", 'import { requireUser } from "../../auth/guards";\nexport const x = requireUser;'],
    ["app/features/bookings/.server/service.ts", 'import Database from "better-sqlite3";\nexport const x = Database;'],
    ["app/features/bookings/.server/service.ts", 'import { getFirestore } from "firebase-admin/firestore";\nexport const x = getFirestore;'],
    ["app/components/booking-card.tsx", 'import { createServices } from "#app/.server/services";\nexport const x = createServices;'],
    ["app/components/booking-card.tsx", 'import { loadListingForm } from "#app/features/listings/routes/listing-form.server";\nexport const x = loadListingForm;'],
    ["app/features/bookings/view.ts", 'import { getFixedT } from "#app/.server/i18n";\nexport const x = getFixedT;'],
    ["app/features/bookings/components/booking.tsx", 'import { createBookingsService } from "#app/features/bookings/.server";\nexport const x = createBookingsService;'],
    ["app/features/bookings/routes/reservations.tsx", 'import { createStore } from "#app/.server/store/create-store";\nexport const x = createStore;'],
    ["app/features/bookings/routes/reservations.tsx", 'import { storePhoto } from "#app/.server/blobs/images";\nexport const x = storePhoto;'],
    ["app/features/bookings/routes/reservations.tsx", 'import { createIdentity } from "#app/.server/identity/create-identity";\nexport const x = createIdentity;'],
  ])("refuses in %s: %s", async (file, code) => {
    expect(await problems(file, code)).toHaveLength(1);
  });

  it.each([
    ["app/features/bookings/.server/service.ts", 'import type { DocumentStore } from "../../store";\nexport type X = DocumentStore;'],
    ["app/components/booking-card.tsx", 'import type { loader } from "#app/features/bookings/routes/reservations";\nexport type X = typeof loader;'],
    ["app/features/bookings/routes/reservations.tsx", 'import { requestContext } from "#app/.server/http/request-context";\nexport const x = requestContext;'],
    ["app/features/bookings/routes/reservations.tsx", 'import type { StoreError } from "#app/.server/store";\nexport type X = StoreError;'],
    ["app/.server/store/sqlite-extra.ts", 'import Database from "better-sqlite3";\nexport const x = Database;'],
  ])("allows in %s: %s", async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

/** The feature doors: another feature's inside only through `index.ts`, `.server/index.ts` or `index.server.ts`. */
async function doorProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("lint keeps each feature behind its doors", () => {
  it.each([
    ["app/features/handover/routes/handover.server.ts", 'import { asRefusal } from "#app/features/bookings/routes/choice.server";\nexport const x = asRefusal;'],
    ["app/features/weather/components/weather-panel.tsx", 'import { formatDay } from "#app/features/bookings/view";\nexport const x = formatDay;'],
    ["app/features/weather/.server/service.ts", 'import { slotIdFor } from "#app/features/bookings/.server/service";\nexport const x = slotIdFor;'],
    ["app/features/weather/.server/service.ts", 'import type { Booking } from "#app/features/bookings/.server/model";\nexport type X = Booking;'],
    ["app/features/weather/.server/service.ts", 'import { today } from "../../bookings/.server";\nexport const x = today;'],
    ["app/.server/services.ts", 'import { createBookingsService } from "#app/features/bookings/.server/service";\nexport const x = createBookingsService;'],
    ["app/root.tsx", 'import { SiteFrame } from "#app/features/site/components/site-frame";\nexport const x = SiteFrame;'],
  ])("refuses in %s: %s", async (file, code) => {
    expect(await doorProblems(file, code)).toHaveLength(1);
  });

  it.each([
    ["app/features/handover/routes/handover.server.ts", 'import { asRefusal } from "#app/features/bookings/index.server";\nexport const x = asRefusal;'],
    ["app/features/weather/components/weather-panel.tsx", 'import { formatDay } from "#app/features/bookings";\nexport const x = formatDay;'],
    ["app/features/weather/.server/service.ts", 'import { slotIdFor } from "#app/features/bookings/.server";\nexport const x = slotIdFor;'],
    ["app/features/weather/.server/service.ts", 'import { judgeDay } from "./model";\nexport const x = judgeDay;'],
    ["app/features/weather/routes/weather.server.ts", 'import { judgeDay } from "#app/features/weather/.server/model";\nexport const x = judgeDay;'],
    ["app/.server/services.ts", 'import { createBookingsService } from "#app/features/bookings/.server";\nexport const x = createBookingsService;'],
    ["app/features/weather/.server/weather.test.ts", 'import { slotIdFor } from "#app/features/bookings/.server/service";\nexport const x = slotIdFor;'],
  ])("allows in %s: %s", async (file, code) => {
    expect(await doorProblems(file, code)).toEqual([]);
  });
});
