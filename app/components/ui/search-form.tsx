import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClass } from "./button";

/** A GET search box for dashboard lists: the term lives in the URL, so results can be shared and paged. */
export function SearchForm({
  name,
  label,
  defaultValue,
  placeholder,
  button = "Search",
  children,
}: {
  name: string;
  label: string;
  defaultValue: string;
  placeholder: string;
  button?: string;
  /** More filters sent with the term (a select, say), placed before the button. */
  children?: ReactNode;
}) {
  const id = `${name}-search`;
  return (
    <Form method="get" role="search" className="mt-6 flex max-w-lg flex-wrap gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="search"
        defaultValue={defaultValue}
        maxLength={254}
        placeholder={placeholder}
        className="min-w-0 flex-[1_1_12rem] rounded-md border border-slate-400 px-3 py-2"
      />
      {children}
      <button type="submit" className={buttonClass()}>
        {button}
      </button>
    </Form>
  );
}
