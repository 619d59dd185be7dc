import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { inputClass } from "./forms";

/**
 * The field kit's controls for forms that conform does not bind (their action sends back values
 * and messages of its own: the case, deposit, handover, calendar and booking forms): the kit's
 * look on a plain input, select or textarea, plus the caller's classes (`resize-y`, a width). The
 * form keeps its label, hint and messages, tied to the control by `aria-describedby` and
 * `aria-invalid` as the kit's fields tie theirs.
 */
function kitClass(extra: string | undefined): string {
  return extra ? `${inputClass} ${extra}` : inputClass;
}

/** A text-like input (text, search, number, date, email). */
export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function TextInput({ className, ...props }, ref) {
  return <input ref={ref} {...props} className={kitClass(className)} />;
});

export const SelectInput = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function SelectInput({ className, ...props }, ref) {
  return <select ref={ref} {...props} className={kitClass(className)} />;
});

/** A textarea (a chat's reply box keeps its ref: it grows with the text). */
export const TextareaInput = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextareaInput({ className, ...props }, ref) {
  return <textarea ref={ref} {...props} className={kitClass(className)} />;
});
