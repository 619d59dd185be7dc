import { describe, expect, it } from "vitest";
import { buttonClass } from "./button";
import { cardClass } from "./card";

/**
 * The primitives keep the looks the pages had (decision record 033): each variant and size is
 * the very set of classes the copied strings were, so the pages render the same.
 */
const classes = (value: string) => new Set(value.split(/\s+/).filter(Boolean));

describe("buttonClass", () => {
  it.each([
    ["primary", "block", "inline-flex w-full items-center justify-center rounded-lg bg-sea-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-sea-800 disabled:opacity-60"],
    ["primary", "lg", "inline-flex items-center justify-center rounded-lg bg-sea-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-sea-800 disabled:opacity-60"],
    ["secondary", "md", "inline-flex items-center justify-center rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 dark:border-white/20 dark:text-slate-100 dark:hover:bg-white/10"],
    ["danger", "md", "inline-flex items-center justify-center rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"],
    ["accent", "cta", "inline-flex w-full items-center justify-center rounded-lg bg-coral-500 px-4 py-3 font-semibold text-white shadow hover:bg-coral-600 disabled:opacity-60"],
    ["link", "inline", "inline-flex items-center justify-center rounded-lg font-semibold text-sea-700 underline disabled:opacity-60 dark:text-sea-300"],
  ] as const)("%s %s is the look the forms and booking pages had", (variant, size, before) => {
    expect(classes(buttonClass(variant, size))).toEqual(classes(before));
  });

  it("adds the caller's classes and nothing twice", () => {
    const value = buttonClass("ghost", "sm", "mt-3");
    expect(value.split(" ").filter((name) => name === "mt-3")).toHaveLength(1);
    expect(value).toContain("underline");
  });
});

describe("cardClass", () => {
  it("is the framed box the pages had, by padding", () => {
    expect(classes(cardClass())).toEqual(classes("rounded-2xl border border-slate-200 p-5 dark:border-white/10"));
    expect(classes(cardClass("lg"))).toEqual(classes("rounded-2xl border border-slate-200 p-6 dark:border-white/10"));
    expect(classes(cardClass("xl", { raised: true, extra: "w-full max-w-md" }))).toEqual(classes("w-full max-w-md rounded-2xl border border-slate-200 p-8 shadow-sm dark:border-white/10"));
  });
});
