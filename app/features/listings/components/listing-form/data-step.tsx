import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { useTranslation } from "react-i18next";
import { FormAlert } from "#app/components/forms";
import { listingDraftFormSchema, listingErrorMap, listingFormSchema, type DataStep } from "#app/features/listings/form";
import { BackLink, useStepAction } from "./shared";
import type { ListingFields, ListingFormActionData, ListingFormPageData, ListingFormShape } from "./types";
import { Button } from "#app/components/ui/button";

/**
 * One data step: a plain POST form (`intent` next or save-exit) validated in the browser with
 * the step's schema when JavaScript runs. `children` lays out the step's fields.
 */
export function DataStepForm({
  page,
  actionData,
  children,
}: {
  page: ListingFormPageData;
  actionData: ListingFormActionData | undefined;
  children: (fields: ListingFields) => ReactNode;
}) {
  const { t } = useTranslation("listing-form");
  const action = useStepAction(page);
  const settled = useWhenIdle(actionData);
  const step = page.step as DataStep;
  const schema = listingFormSchema(page.kind, step, page.variant);
  const lastResult = settled?.intent === "step" && settled.step === step ? settled.result : undefined;
  const [form, fields] = useForm<ListingFormShape>({
    id: `listing-${page.kind}-${step}`,
    lastResult,
    defaultValue: page.defaults as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // "Save and leave" keeps what is valid and shows no errors: the lenient schema never fails.
    onValidate: ({ formData, submitter }) =>
      submitter instanceof HTMLButtonElement && submitter.value === "save-exit"
        ? parseWithZod(formData, { schema: listingDraftFormSchema(page.kind, step, page.variant) })
        : parseWithZod(formData, { schema, errorMap: listingErrorMap(t) }),
  });
  const submitting = usePending({ formAction: action });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={form.errors} />
      {step === "basics" ? <input type="hidden" name={page.kind === "boat" ? "type" : "kind"} value={page.variant} /> : null}
      {children(fields)}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-white/10">
        <Button size="lg" name="intent" value="next" className="disabled:cursor-not-allowed" disabled={submitting}>
          {t("actions.next")}
        </Button>
        <Button variant="secondary" size="lg" name="intent" value="save-exit" formNoValidate disabled={submitting}>
          {t("actions.saveExit")}
        </Button>
        <span className="ml-auto">
          <BackLink page={page} />
        </span>
      </div>
    </Form>
  );
}
