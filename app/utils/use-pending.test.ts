import { beforeEach, describe, expect, it, vi } from "vitest";

/** The navigation `useNavigation()` answers, set by each case. */
let navigation: { state: "idle" | "submitting" | "loading"; formAction?: string; formData?: FormData } = { state: "idle" };
vi.mock("@remix-run/react", () => ({ useNavigation: () => navigation }));
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

describe("useWhenIdle", () => {
  it("hands the action's reply back once the page has settled", () => {
    const reply = { status: "error" };
    navigation = { state: "submitting" };
    expect(useWhenIdle(reply)).toBeUndefined();
    navigation = { state: "idle" };
    expect(useWhenIdle(reply)).toBe(reply);
  });
});
