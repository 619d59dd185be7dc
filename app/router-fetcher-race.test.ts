import type { AgnosticDataRouteObject, Router } from "@remix-run/router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * A fetcher's action whose revalidation ends while a navigation is still finding its route (lazy
 * route discovery: the next page's route is not known yet) must not end that navigation with the
 * fetcher's data. Upstream (`@remix-run/router` 1.23) ended it with the matches the fetcher had
 * revalidated — the page the person was leaving — at the new address: the page rendered nothing
 * (the blog editor's preview did this to "Publicar"; app/framework/patches/@remix-run+router+1.23.3.patch
 * mends the browsers' build).
 */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

// The router accepts fetchers only in a browser: it reads `window.document` when it loads.
let lib: typeof import("@remix-run/router");
beforeAll(async () => {
  vi.stubGlobal("window", { document: { createElement: () => ({}) }, addEventListener() {}, removeEventListener() {} });
  // The browsers' build (ES module), which the patch changes; the CommonJS build is the server's.
  lib = (await import("@remix-run/router/dist/router.js")) as unknown as typeof import("@remix-run/router");
});

let router: Router | undefined;
afterEach(() => router?.dispose());

describe("a fetcher's revalidation during a navigation's route discovery", () => {
  it("leaves the navigation to finish on its own route and data", async () => {
    const fetcherAction = deferred<unknown>();
    const navigationAction = deferred<Response>();
    const revalidation = deferred<string>();
    const discovery = deferred<void>();
    let revalidating = false;
    const loader = (id: string) => () => (revalidating ? revalidation.promise.then((v) => `${id}:${v}`) : `${id}:fresh`);
    const routes: AgnosticDataRouteObject[] = [
      {
        id: "root",
        path: "/",
        loader: loader("root"),
        children: [{ id: "editor", path: "editor", loader: loader("editor"), action: ({ request }) => (new URL(request.url).searchParams.has("preview") ? fetcherAction.promise : navigationAction.promise) }],
      },
    ];
    const { createMemoryHistory, createRouter, redirect } = lib;
    router = createRouter({
      routes,
      history: createMemoryHistory({ initialEntries: ["/editor"] }),
      hydrationData: { loaderData: { root: "root:0", editor: "editor:0" } },
      future: { v7_fetcherPersist: true, v7_normalizeFormMethod: true, v7_partialHydration: true, v7_relativeSplatPath: true, v7_skipActionErrorRevalidation: true },
      async patchRoutesOnNavigation({ path, patch }) {
        if (path !== "/post") return;
        await discovery.promise;
        patch("root", [{ id: "post", path: "post", loader: () => "post:data" }]);
      },
    }).initialize();

    // The preview's fetcher posts; then "Publicar" posts the form, whose action redirects to the post.
    const preview = new FormData();
    preview.set("body", "x");
    await router.fetch("preview", "editor", "/editor?preview", { formMethod: "post", formData: preview });
    const publish = new FormData();
    publish.set("intent", "publish");
    const navigation = router.navigate("/editor", { formMethod: "post", formData: publish });
    await tick();
    // The preview's answer comes while the form is submitting: it revalidates the editor's page.
    revalidating = true;
    fetcherAction.resolve({ html: "<p>x</p>" });
    await tick();
    // The publish action redirects; the post's route is still being discovered…
    navigationAction.resolve(redirect("/post"));
    await tick();
    expect(router.state.navigation.state).toBe("loading");
    // …when the preview's revalidation ends.
    revalidation.resolve("again");
    await tick();
    discovery.resolve();
    await navigation;
    for (let i = 0; i < 20 && router.state.navigation.state !== "idle"; i++) await tick();

    expect(router.state.errors).toBeNull();
    expect(router.state.location.pathname).toBe("/post");
    expect(router.state.navigation.state).toBe("idle");
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "post"]);
    expect(router.state.loaderData.post).toBe("post:data");
  });

  it("a fetcher's action that ends while a link's route is being discovered revalidates the page shown, and the link's page opens", async () => {
    const { createMemoryHistory, createRouter } = lib;
    const discovery = deferred<void>();
    const loads: string[] = [];
    router = createRouter({
      routes: [{ id: "root", path: "/", loader: () => (loads.push("root"), "root"), children: [{ id: "chat", path: "chat", loader: () => (loads.push("chat"), "chat"), action: () => ({ read: true }) }] }],
      history: createMemoryHistory({ initialEntries: ["/chat"] }),
      hydrationData: { loaderData: { root: "root", chat: "chat" } },
      future: { v7_fetcherPersist: true, v7_partialHydration: true },
      async patchRoutesOnNavigation({ path, patch }) {
        if (path !== "/other") return;
        await discovery.promise;
        patch("root", [{ id: "other", path: "other", loader: () => (loads.push("other"), "other") }]);
      },
    }).initialize();
    // A link's navigation starts, and waits for its route; the page's fetcher posts meanwhile (the
    // chat page marks a conversation read as it opens).
    const navigation = router.navigate("/other");
    await tick();
    const read = new FormData();
    read.set("intent", "read");
    await router.fetch("reader", "chat", "/chat", { formMethod: "post", formData: read });
    await tick();
    // Upstream matched the navigation's address before its route was known: no match, and the
    // fetcher's answer was lost to an invariant ("Didn't find any matches after fetcher action").
    expect(loads).toEqual(["root", "chat"]);
    discovery.resolve();
    await navigation;
    for (let i = 0; i < 20 && router.state.navigation.state !== "idle"; i++) await tick();
    expect(router.state.errors).toBeNull();
    expect(router.state.location.pathname).toBe("/other");
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "other"]);
    expect(loads.at(-1)).toBe("other");
  });
});
