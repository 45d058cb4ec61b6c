import { encode } from "uqr";

/**
 * A QR code drawn as one SVG path (uqr's matrix: no markup from a library, no canvas), with four
 * modules of quiet zone as scanners expect. Sharp at any size; black on white in dark themes too.
 */
export function QrCode({ value, label, size = 208 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { ecc: "M", border: 4 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${data.length} ${data.length}`}
      shapeRendering="crispEdges"
      className="rounded-md border border-slate-300 bg-white"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
