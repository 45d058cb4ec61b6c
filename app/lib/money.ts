/** A price as the site shows it: whole dollars without cents ($25), otherwise two decimals ($19.90). */
export function formatPrice(price: unknown): string {
  if (typeof price !== "number" || !Number.isFinite(price)) return "—";
  return `$${Number.isInteger(price) ? price : price.toFixed(2)}`;
}
