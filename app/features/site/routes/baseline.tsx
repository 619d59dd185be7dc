import type { MetaFunction } from "@remix-run/react";

/** A trivial page without a loader of its own: the framework's ceiling for `npm run bench`. */
export const meta: MetaFunction = () => [{ title: "Amarre" }, { name: "robots", content: "noindex" }];

export default function Baseline() {
  return (
    <main id="main" className="container-page py-8">
      <p>Amarre</p>
    </main>
  );
}
