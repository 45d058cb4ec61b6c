/**
 * A page whose address holds its visitor's key (a manage link's or a rebook link's token): the page
 * is the holder's alone (no shared cache, never kept by the server's page cache), never indexed,
 * and the address is not sent on to the sites it links to (maps).
 */
export const PRIVATE_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

/** The same, for the page's head: robots and the referrer policy. */
export const PRIVATE_PAGE_META = [
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];
