import net from "node:net";
import { expect, test } from "@playwright/test";
import { layoutGroups } from "#app/route-table";

/**
 * No request shape gives a 5xx: absolute-form targets, prototype names in every path parameter,
 * odd methods and header oddities, sent to the built server as raw HTTP where a client library
 * would refuse to send them.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);

/** Sends raw bytes and returns the status line's code (0 when the server closed without one). */
function raw(request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let response = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error("timeout")));
    socket.on("data", (chunk) => {
      response += chunk.toString("latin1");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(response);
      if (match) {
        resolve(Number(match[1]));
        socket.destroy();
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1] ?? 0)));
    socket.write(request);
  });
}

const get = (target: string, headers = "") => raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n${headers}Connection: close\r\n\r\n`);

test("absolute-form request targets", async () => {
  for (const target of ["http://evil.example/", "http://evil.example/alquiler-barco", `http://127.0.0.1:${PORT}/en`, "https://x/%", "*"]) {
    const status = await get(target);
    expect(status, target).toBeGreaterThan(0);
    expect(status, target).toBeLessThan(500);
  }
});

test("an address with a broken percent escape is the site's own 404 page, in its language", async ({ request }) => {
  // Express answered these with its own English "Bad Request" page (it decoded the catch-all
  // route's path as a parameter); a person who types `/%` sees the site's page not found.
  for (const [path, lang] of [["/%", "es"], ["/blog/%E0%A4%A", "es"], ["/en/%ZZ", "en"], ["/de/boat/%", "de"]] as const) {
    const response = await request.get(path, { headers: { Cookie: "i18n_redirected=es" }, maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toContain('data-error-status="404"');
    expect(html, path).toContain(`<html lang="${lang}"`);
  }
});

test("prototype names in every path parameter", async () => {
  const names = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype"];
  const paths = [
    ...names.flatMap((n) => [`/resources/locales/es/${n}`, `/resources/locales/${n}/common`, `/photos/${n}`, `/photos/${n}/${n}.webp`]),
    ...layoutGroups.flatMap((g) => g.pages.filter((p) => p.path?.includes(":")).flatMap((p) => names.map((n) => `/${p.path!.replace(/:[a-z]+/g, n)}`))),
    ...names.map((n) => `/alquiler-barco?${n}=1&place=${n}`),
  ];
  const failures: string[] = [];
  for (const path of paths) {
    const status = await get(path, "Cookie: i18n_redirected=es\r\n");
    if (status === 0 || status >= 500) failures.push(`${path}: ${status}`);
  }
  expect(failures).toEqual([]);
});

test("odd methods", async () => {
  const failures: string[] = [];
  for (const method of ["PROPFIND", "TRACE", "CONNECT", "PATCH", "PUT", "DELETE", "OPTIONS", "BREW"]) {
    for (const path of ["/", "/login", "/resources/theme", "/api/logout", "/ajustes/mi-perfil", "/boat/abc"]) {
      const status = await raw(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      if (status === 0 || status >= 500) failures.push(`${method} ${path}: ${status}`);
    }
  }
  expect(failures).toEqual([]);
});

test("header oddities", async () => {
  const cases = [
    "Cookie: __session=%E0%A4%A; theme=%%; i18n_redirected=xx\r\n",
    `Cookie: ${"a=b; ".repeat(2000)}\r\n`,
    "Accept-Language: ;;;q=abc,*;q=-1,\u00ff\r\n",
    "X-Forwarded-Host: evil.example\r\n",
    "Cookie: theme=; theme=dark; theme=light\r\n",
    "If-None-Match: \"\r\n",
    "Range: bytes=-\r\n",
  ];
  for (const headers of cases) {
    for (const path of ["/", "/alquiler-barco", "/ajustes"]) {
      const status = await get(path, headers);
      expect(status, `${JSON.stringify(headers)} ${path}`).toBeLessThan(500);
    }
  }
});

test("foreign or unparseable origins on actions get a 403, not a 500", async () => {
  for (const origin of ["https://evil.example", "null", "::::"]) {
    for (const path of ["/login", "/register", "/resources/theme", "/resources/favourite", "/api/logout", "/ajustes/mi-perfil"]) {
      const body = "theme=dark";
      const status = await raw(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(status, `${origin} ${path}`).toBe(403);
    }
  }
});
