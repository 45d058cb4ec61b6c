/**
 * The classes of the site's buttons (and of links that look like one), so a button's look is
 * decided here, once: `buttonClass({ variant: "secondary", size: "lg" })`. Layout (margins,
 * `inline-flex` with an icon) stays with the caller: `${buttonClass()} mt-4`.
 */
export type ButtonVariant = "primary" | "secondary" | "outline" | "danger";
export type ButtonSize = "sm" | "md" | "lg" | "xl";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  /** A lesser action in the brand's colour: Edit, View. */
  outline: "border border-brand-700 text-brand-800 hover:bg-brand-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

// The weight goes with the size (two font weights in one class list would fight).
const sizes: Record<ButtonSize, string> = {
  /** In a table row or a card. */
  sm: "px-3 py-1.5 font-semibold",
  /** Toolbars, dialogs, small forms. */
  md: "px-4 py-2 font-semibold",
  /** A page's or a form's own action. */
  lg: "px-5 py-2.5 font-semibold",
  /** The one call to action: sign in, book. */
  xl: "px-5 py-3 font-bold",
};

export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
}: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean } = {}): string {
  return `rounded-md ${sizes[size]} ${variants[variant]} disabled:opacity-60${block ? " w-full" : ""}`;
}
