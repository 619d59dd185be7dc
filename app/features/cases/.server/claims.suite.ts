import { expect, it } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import type { DocumentStore } from "#app/.server/store";
import { CLAIM_LINK_DAYS, readClaim, signClaim } from "./claims";
import { createCasesService, type Viewer } from "./service";

/**
 * Whose a case is, run on each store (SQLite and Firestore): a visitor's request stays a
 * visitor's whatever email it gives; its signed link attaches it only for the person signed in
 * with that address, before its expiry, once (two clicks at once attach it once); an altered,
 * another case's or another secret's link never does.
 */
export function claimsSuite(get: () => { store: DocumentStore; blobs: BlobStore }) {
  const SECRET = "claims-suite-secret-0123456789abcdef";
  let clock = new Date("2026-11-26T10:00:00Z");
  const setup = (secrets: readonly string[] = [SECRET]) => createCasesService({ ...get(), claimSecrets: secrets, now: () => clock });
  const ana = { uid: "ana-1", email: "ana@amarre.test" };
  const mallory = { uid: "mallory-1", email: "mallory@amarre.test" };
  const asViewer = (person: { uid: string }): Viewer => ({ uid: person.uid, role: "user" });
  const visitorCase = (cases: ReturnType<typeof setup>, email = " ANA@Amarre.test ") =>
    cases.create({ type: "contact", requesterUid: null, contact: { name: "Someone", email, phone: null }, details: { message: "Hola" }, lang: "es" });

  it("a visitor's request with an account's email stays a visitor's: in nobody's list, no owner", async () => {
    const cases = setup();
    const item = await visitorCase(cases);
    expect(item.requesterUid).toBeNull();
    expect(await cases.listForRequester(ana.uid)).toEqual([]);
    expect(await cases.getFor(item.id, asViewer(ana))).toBeNull();
    // A signed-in person's request is theirs, whatever email the form gave.
    const own = await cases.create({ type: "contact", requesterUid: mallory.uid, contact: { name: "M", email: ana.email, phone: null }, details: {}, lang: "es" });
    expect(own.requesterUid).toBe(mallory.uid);
    expect((await cases.listForRequester(ana.uid)).map((c) => c.id)).not.toContain(own.id);
  });

  it("the signed link attaches the case to the person signed in with its address, once", async () => {
    const cases = setup();
    const item = await visitorCase(cases);
    const token = cases.claimLink(item)!;
    expect(token).toMatch(/^v1\.\d+\.[A-Za-z0-9_-]{43}$/);
    // Someone else holding the link (forwarded, leaked) cannot take it.
    expect(await cases.claim(item.id, token, mallory)).toBe("other-email");
    expect(await cases.getFor(item.id, asViewer(mallory))).toBeNull();
    expect(await cases.claim(item.id, token, { uid: ana.uid, email: "ANA@amarre.test" })).toBe("claimed");
    const attached = (await cases.getFor(item.id, asViewer(ana)))!;
    expect(attached.as).toBe("requester");
    expect(attached.item.attachedAt).toBe(clock.toISOString());
    expect((await cases.listForRequester(ana.uid)).map((c) => c.id)).toContain(item.id);
    // Spent: the same link again is "already yours" for her, "used" for anyone else.
    expect(await cases.claim(item.id, token, ana)).toBe("already-yours");
    expect(await cases.claim(item.id, token, { uid: "other-ana", email: ana.email })).toBe("used");
    expect(cases.claimLink(attached.item)).toBeNull();
  });

  it("refuses an expired, altered, another case's or another secret's link, attaching nothing", async () => {
    const cases = setup();
    const item = await visitorCase(cases);
    const other = await visitorCase(cases);
    const token = cases.claimLink(item)!;
    const [version, expires, signature] = token.split(".");
    const flipped = signature!.slice(0, -1) + (signature!.endsWith("A") ? "B" : "A");
    for (const bad of [`${version}.${expires}.${flipped}`, `${version}.${Number(expires) + 86_400}.${signature}`, "", "v1", "x".repeat(32), `${token}x`, cases.claimLink(other)!]) {
      expect(await cases.claim(item.id, bad, ana), bad).toBe("invalid");
    }
    expect(await cases.claim("not-a-case", token, ana)).toBe("invalid");
    expect(await cases.claim("AAAAAAAAAAAAAAAAAAAA", token, ana)).toBe("invalid");
    expect(await setup(["another-secret"]).claim(item.id, token, ana)).toBe("invalid");
    // After the rotation, the old secret still verifies while listed.
    expect(readClaim(["new-secret", SECRET], { id: item.id, email: ana.email }, token, clock)).toBe("ok");
    const saved = clock;
    clock = new Date(saved.getTime() + CLAIM_LINK_DAYS * 86_400_000 + 1000);
    try {
      expect(await setup().claim(item.id, token, ana)).toBe("expired");
      // Each email carries a fresh link.
      const fresh = setup().claimLink(item)!;
      expect(readClaim([SECRET], { id: item.id, email: ana.email }, fresh, clock)).toBe("ok");
    } finally {
      clock = saved;
    }
    expect(await cases.getFor(item.id, asViewer(ana))).toBeNull();
    expect(signClaim(SECRET, { id: item.id, email: "ana@amarre.test" }, new Date(0))).not.toBe(signClaim(SECRET, { id: item.id, email: "bea@amarre.test" }, new Date(0)));
  });

  it("two clicks at once attach it once", async () => {
    const cases = setup();
    const item = await visitorCase(cases);
    const token = cases.claimLink(item)!;
    const outcomes = await Promise.all([cases.claim(item.id, token, ana), cases.claim(item.id, token, ana), cases.claim(item.id, token, { uid: "ana-2", email: ana.email })]);
    expect(outcomes.filter((o) => o === "claimed")).toHaveLength(1);
    const owner = (await get().store.get<{ requesterUid: string }>("cases", item.id))!.requesterUid;
    expect([ana.uid, "ana-2"]).toContain(owner);
  });
}
