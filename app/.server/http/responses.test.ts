import { describe, expect, it } from "vitest";
import { invariantResponse } from "./responses";

/** What a thrown `data(…)` is: Remix's DataWithResponseInit (its body, status and status text). */
type Thrown = { data: { message: string; path?: string }; init: { status: number; statusText: string } };

function thrownBy(run: () => void): Thrown {
  try {
    run();
  } catch (error) {
    return error as Thrown;
  }
  throw new Error("nothing was thrown");
}

describe("invariantResponse", () => {
  const request = new Request("http://amarre.test/en/boat/missing?x=1");

  it("lets a present thing through and narrows it", () => {
    const found = { id: "a" } as { id: string } | null;
    invariantResponse(found, request);
    expect(found.id).toBe("a");
  });

  it("throws the not-found answer the error boundary turns into the translated 404 screen", () => {
    const thrown = thrownBy(() => invariantResponse(null, request));
    expect(thrown.init).toEqual({ status: 404, statusText: "Page not found" });
    expect(thrown.data).toEqual({ message: "Page not found", path: "/en/boat/missing" });
  });

  it("throws a 403 or a 400 when told", () => {
    expect(thrownBy(() => invariantResponse(false, request, 403)).init.status).toBe(403);
    expect(thrownBy(() => invariantResponse(0, request, 400)).init.status).toBe(400);
  });
});
