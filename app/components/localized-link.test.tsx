import { Link as RemixLink } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { describe, expect, it } from "vitest";
import { LocalizedLink } from "./localized-link";
import { ButtonLink } from "./ui/button";
import { localizePath, type Lang } from "#app/i18n";

/** `links` drawn on the server inside the owner's page of a booking, at `at` (its language is its prefix). */
async function drawn(links: React.ReactNode, at: string): Promise<string> {
  const page = { path: "ajustes/gestion-de-alquileres/:id", element: <>{links}</> };
  const routes = [{ path: "/", children: [page] }, ...["en", "fr", "de"].map((lang) => ({ path: `/${lang}`, children: [page] }))];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${at}`));
  if (context instanceof Response) throw new Error("no page");
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

const hrefOf = (html: string) => /href="([^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");

const BOOKING = "/ajustes/gestion-de-alquileres/TPjQBNsH4yPWdmu9aQLv";

describe("LocalizedLink", () => {
  it("keeps a link to a step of the same page on that page, in every language (issue 44)", async () => {
    // "Decline", "Cancel the booking", "Withdraw the request" and "Cancel for the weather" open
    // their confirmation step; "No, go back" closes it.
    const steps = [
      { to: "?confirm=decline#actions-title", at: "", href: `${BOOKING}?confirm=decline#actions-title` },
      { to: "?confirm=cancel#actions-title", at: "", href: `${BOOKING}?confirm=cancel#actions-title` },
      { to: "?confirm=weather-cancel#weather-title", at: "", href: `${BOOKING}?confirm=weather-cancel#weather-title` },
      { to: "?", at: "?confirm=cancel", href: BOOKING },
      { to: "#actions-title", at: "", href: `${BOOKING}#actions-title` },
    ];
    for (const lang of ["es", "en", "fr", "de"] satisfies Lang[]) {
      for (const step of steps) {
        const page = localizePath(BOOKING, lang) + step.at;
        expect(hrefOf(await drawn(<LocalizedLink to={step.to}>x</LocalizedLink>, page)), `${page} ${step.to}`).toBe(localizePath(step.href, lang));
        expect(hrefOf(await drawn(<ButtonLink to={step.to}>x</ButtonLink>, page)), `${page} ${step.to}`).toBe(localizePath(step.href, lang));
      }
    }
  });

  it("puts a path from the site's root under the page's language", async () => {
    expect(hrefOf(await drawn(<LocalizedLink to="/alquiler-barco?type=sail#results">x</LocalizedLink>, `/de${BOOKING}`))).toBe("/de/alquiler-barco?type=sail#results");
    expect(hrefOf(await drawn(<LocalizedLink to="/">x</LocalizedLink>, `/fr${BOOKING}`))).toBe("/fr");
    expect(hrefOf(await drawn(<LocalizedLink to="/alquiler-barco">x</LocalizedLink>, BOOKING))).toBe("/alquiler-barco");
  });

  it("draws on the server the markup the browser draws (Remix's Link), so hydration keeps its href", async () => {
    for (const at of [BOOKING, `/en${BOOKING}?confirm=cancel`, `/de${BOOKING}`]) {
      for (const to of ["?confirm=cancel#actions-title", "?", "#actions-title", "/alquiler-barco?type=sail"]) {
        const ours = await drawn(<LocalizedLink to={to} className="c">x</LocalizedLink>, at);
        // What the browser draws: Remix's Link with the same localized target (link.tsx, decision 043).
        const lang = (/^\/(en|fr|de)\b/.exec(at)?.[1] ?? "es") as Lang;
        const browser = await drawn(<RemixLink to={localizePath(to, lang)} className="c">x</RemixLink>, at);
        expect(ours, `${at} ${to}`).toBe(browser);
      }
    }
  });
});
