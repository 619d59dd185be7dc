import { beforeEach, describe, expect, it, vi } from "vitest";

/** The navigation `useNavigation()` answers, set by each case. */
let navigation: { state: "idle" | "submitting" | "loading"; formAction?: string; formData?: FormData; location?: { pathname: string } } = { state: "idle" };
vi.mock("@remix-run/react", () => ({ useNavigation: () => navigation, useLocation: () => ({ pathname: "/barcos" }) }));
const { usePending, useWhenIdle } = await import("./use-pending");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("usePending", () => {
  beforeEach(() => {
    navigation = { state: "idle" };
  });

  it("is false when nothing is under way, whatever it is narrowed to", () => {
    expect(usePending()).toBe(false);
    expect(usePending({ untilIdle: true })).toBe(false);
    expect(usePending({ intent: "clear", untilIdle: true })).toBe(false);
  });

  it("is true while a form is submitted, and only for the form it names", () => {
    navigation = { state: "submitting", formAction: "/ajustes/mis-resenas", formData: form({ intent: "answer" }) };
    expect(usePending()).toBe(true);
    expect(usePending({ intent: "answer" })).toBe(true);
    expect(usePending({ intent: "review" })).toBe(false);
    expect(usePending({ formAction: "/ajustes/mis-resenas" })).toBe(true);
    expect(usePending({ formAction: "/historial" })).toBe(false);
    expect(usePending({ formAction: "/ajustes/mis-resenas", intent: "answer" })).toBe(true);
  });

  it("stays true until the next page has loaded only when asked (`untilIdle`)", () => {
    navigation = { state: "loading", formAction: "/historial", formData: form({ intent: "clear" }) };
    expect(usePending()).toBe(false);
    expect(usePending({ untilIdle: true })).toBe(true);
    expect(usePending({ intent: "clear", untilIdle: true })).toBe(true);
    // A link followed (no form): pending for `untilIdle`, never for a named intent.
    navigation = { state: "loading" };
    expect(usePending({ untilIdle: true })).toBe(true);
    expect(usePending({ intent: "clear", untilIdle: true })).toBe(false);
  });
});

describe("usePending({ samePath })", () => {
  it("is true while the page loads a new location on its own path, and only then", () => {
    navigation = { state: "idle" };
    expect(usePending({ samePath: true })).toBe(false);
    // The filter form (GET) or a page link: new results for this page.
    navigation = { state: "loading", location: { pathname: "/barcos" } };
    expect(usePending({ samePath: true })).toBe(true);
    // Leaving for another page is not "loading results".
    navigation = { state: "loading", location: { pathname: "/amarres" } };
    expect(usePending({ samePath: true })).toBe(false);
    // A form posted to an action is not either, until its next page loads.
    navigation = { state: "submitting", formAction: "/barcos", formData: form({ intent: "x" }), location: { pathname: "/barcos" } };
    expect(usePending({ samePath: true })).toBe(false);
  });
});

describe("useWhenIdle", () => {
  it("hands the action's reply back once the page has settled", () => {
    const reply = { status: "error" };
    navigation = { state: "submitting" };
    expect(useWhenIdle(reply)).toBeUndefined();
    navigation = { state: "idle" };
    expect(useWhenIdle(reply)).toBe(reply);
  });
});
