import { useActionData, useLoaderData } from "@remix-run/react";
import type { listingFormAction, loadListingForm } from "#app/features/listings/routes/listing-form.server";
import type { DataStep } from "#app/features/listings/form";
import { ListingFormPage, type ListingFields, type ListingFormPageData } from "./listing-form";

/** What a listing form route's own fields are given: the data step, conform's fields and the page. */
export type StepFieldsProps = { step: DataStep; fields: ListingFields; page: ListingFormPageData };

/** A listing form route's page (`loadListingForm` and `listingFormAction`), with the kind's own fields on each data step. */
export function ListingFormRoute({ StepFields }: { StepFields: React.ComponentType<StepFieldsProps> }) {
  const page = useLoaderData<typeof loadListingForm>();
  const actionData = useActionData<typeof listingFormAction>();
  return (
    <ListingFormPage
      page={page}
      actionData={actionData}
      renderStep={(step, fields, current) => <StepFields step={step} fields={fields} page={current} />}
    />
  );
}
