/** A price as the site shows it: whole dollars without cents ($25), otherwise two decimals ($19.90); a dash for none. */
export function formatPrice(price: number | null): string {
  if (price === null) return "—";
  return `$${Number.isInteger(price) ? price : price.toFixed(2)}`;
}
