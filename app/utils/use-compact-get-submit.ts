import { useSubmit } from "@remix-run/react";
import { compactFormData } from "#app/features/listings";

/**
 * For a GET `<Form>`: submits it through Remix without its blank fields, so the URL carries only
 * what was chosen (`?start=…&people=4`, never `end=&part=`). Without JavaScript the browser sends
 * every field and the page's loader redirects to the clean URL.
 */
export function useCompactGetSubmit() {
  const submit = useSubmit();
  return (event: React.FormEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    const form = event.currentTarget;
    submit(compactFormData(new FormData(form)), { method: "get", action: form.getAttribute("action") ?? undefined });
  };
}
