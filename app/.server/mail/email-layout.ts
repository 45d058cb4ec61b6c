/**
 * One layout for every e-mail: the same content as a plain-text part and an HTML part (inline
 * styles and tables, which is what mail clients render), in the business's name and colours.
 * Every text is escaped here; callers pass plain strings.
 */

import { encode } from "uqr";

export interface EmailFact {
  label: string;
  value: string;
  /** A second, quieter line under the value ("Arrive 11 AM–1 PM, Eastern Standard Time"). */
  note?: string;
  /** Amounts under the value, one a line ("Pet-hair removal", "$35"): a visit's priced lines. */
  rows?: { label: string; amount: string }[];
  link?: { label: string; href: string };
}

/**
 * A paragraph: plain words, or words with links in them. A link is an anchor in HTML and its
 * address in brackets in plain text, which has no buttons to point at.
 */
export type EmailParagraph = string | (string | EmailLink)[];
export interface EmailLink {
  label: string;
  href: string;
}

export interface EmailContent {
  /** The line mail clients show after the subject in the inbox. */
  preheader: string;
  greeting: string;
  lead: string[];
  facts?: EmailFact[];
  /** The one thing to do: a button in HTML, a labelled link in text. */
  action?: { label: string; href: string };
  /** A short list under its heading ("When you arrive"). */
  list?: { heading: string; items: string[] };
  after?: EmailParagraph[];
  /**
   * A QR code under the facts (a member's card): drawn as a table of cells, which mail clients
   * render where they block images and SVG; the text part has the value itself in the facts.
   */
  qr?: { value: string; label: string };
  /** The language it is written in, for the HTML part's lang (issue 49); English when not given. */
  lang?: string;
  business: { name: string; address: string; phone: string; publicUrl: string };
}

const BRAND = "#0a4f92";
const INK = "#0f172a";
const MUTED = "#475569";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** Line breaks a customer typed (a note) stay line breaks. */
const escapeLines = (s: string) => escape(s).replace(/\r\n|\r|\n/g, "<br>");

const parts = (paragraph: EmailParagraph) => (typeof paragraph === "string" ? [paragraph] : paragraph);
const paragraphText = (paragraph: EmailParagraph) =>
  parts(paragraph)
    .map((part) => (typeof part === "string" ? part : `${part.label} (${part.href})`))
    .join("");

function textPart(c: EmailContent): string {
  const facts = (c.facts ?? []).flatMap((f) => [
    `${f.label}: ${f.value}`,
    ...(f.rows ?? []).map((row) => `  ${row.label}: ${row.amount}`),
    ...(f.note ? [`  ${f.note}`] : []),
    ...(f.link ? [`  ${f.link.label}: ${f.link.href}`] : []),
  ]);
  return [
    c.greeting,
    "",
    ...c.lead.flatMap((p) => [p, ""]),
    ...(facts.length ? [...facts, ""] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.href}`, ""] : []),
    ...(c.list ? [c.list.heading, ...c.list.items.map((i) => `- ${i}`), ""] : []),
    ...(c.after ?? []).flatMap((p) => [paragraphText(p), ""]),
    "--",
    c.business.name,
    c.business.address,
    c.business.phone,
    c.business.publicUrl,
  ].join("\n");
}

/** A fact's amounts as a small table: labels on the left, amounts lined up on the right. */
function amountRows(rows: NonNullable<EmailFact["rows"]>): string {
  const cells = rows
    .map(
      (row) =>
        `<tr><td style="padding:2px 12px 2px 0;color:${MUTED};font-size:14px">${escape(row.label)}</td>` +
        `<td style="padding:2px 0;color:${MUTED};font-size:14px;text-align:right;white-space:nowrap">${escape(row.amount)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin-top:4px;width:100%">${cells}</table>`;
}

function htmlPart(c: EmailContent): string {
  const link = (l: EmailLink) =>
    `<a href="${escape(l.href)}" style="color:${BRAND};font-weight:600">${escape(l.label)}</a>`;
  const p = (paragraph: EmailParagraph) =>
    `<p style="margin:0 0 14px;color:${INK};font-size:16px;line-height:1.5">${parts(paragraph)
      .map((part) => (typeof part === "string" ? escapeLines(part) : link(part)))
      .join("")}</p>`;
  const facts = (c.facts ?? [])
    .map(
      (f) =>
        `<tr><td style="padding:8px 12px 8px 0;color:${MUTED};font-size:14px;vertical-align:top;white-space:nowrap">${escape(f.label)}</td>` +
        `<td style="padding:8px 0;color:${INK};font-size:16px;line-height:1.4">${escapeLines(f.value)}` +
        (f.rows?.length ? amountRows(f.rows) : "") +
        (f.note ? `<br><span style="color:${MUTED};font-size:14px">${escape(f.note)}</span>` : "") +
        (f.link ? `<br>${link(f.link)}` : "") +
        `</td></tr>`,
    )
    .join("");
  const button = c.action
    ? `<p style="margin:20px 0"><a href="${escape(c.action.href)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:8px">${escape(c.action.label)}</a></p>`
    : "";
  const list = c.list
    ? `<h2 style="margin:20px 0 8px;font-size:16px;color:${INK}">${escape(c.list.heading)}</h2><ul style="margin:0 0 14px;padding-left:20px;color:${INK};font-size:15px;line-height:1.5">${c.list.items.map((i) => `<li>${escape(i)}</li>`).join("")}</ul>`
    : "";
  const b = c.business;
  return `<!doctype html><html lang="${escape(c.lang ?? "en")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(b.name)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escape(c.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:18px 24px;color:#ffffff;font-size:20px;font-weight:700">${escape(b.name)}</td></tr>
<tr><td style="padding:24px">
${p(c.greeting)}${c.lead.map(p).join("")}
${facts ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 4px;border-top:1px solid #e2e8f0;width:100%">${facts}</table>` : ""}
${c.qr ? qrTable(c.qr) : ""}${button}${list}${(c.after ?? []).map(p).join("")}
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;color:${MUTED};font-size:13px;line-height:1.5">${escape(b.name)} · ${escape(b.address)} · <a href="tel:${escape(b.phone.replace(/[^\d+]/g, ""))}" style="color:${MUTED}">${escape(b.phone)}</a><br><a href="${escape(b.publicUrl)}" style="color:${MUTED}">${escape(b.publicUrl.replace(/^https?:\/\//, ""))}</a></td></tr>
</table></td></tr></table></body></html>`;
}

/** A QR code as an HTML table: a 4-pixel cell a module, with its quiet zone (uqr's border). */
function qrTable(qr: NonNullable<EmailContent["qr"]>): string {
  const { data } = encode(qr.value, { ecc: "M", border: 4 });
  const rows = data
    .map(
      (row) =>
        `<tr>${row.map((dark) => `<td width="4" height="4" style="width:4px;height:4px;padding:0;background:${dark ? "#000000" : "#ffffff"}"></td>`).join("")}</tr>`,
    )
    .join("");
  return `<table role="img" aria-label="${escape(qr.label)}" cellpadding="0" cellspacing="0" style="margin:16px 0;border-collapse:collapse;line-height:0">${rows}</table>`;
}

export function renderEmail(content: EmailContent): { text: string; html: string } {
  return { text: textPart(content), html: htmlPart(content) };
}
