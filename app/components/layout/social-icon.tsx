import type { SocialNetwork } from "~/lib/site-config";

/** Simplified brand marks (lucide no longer ships brand icons); decorative, the link carries the name. */
const MARKS: Record<SocialNetwork, React.ReactNode> = {
  facebook: (
    <path
      d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8Z"
      fill="currentColor"
    />
  ),
  instagram: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
    </g>
  ),
  tiktok: (
    <path
      d="M16.5 3c.4 2.3 1.9 3.8 4 4v3.3c-1.5 0-2.8-.4-4-1.2v6.4a5.8 5.8 0 1 1-5.8-5.8h.6v3.4h-.6a2.4 2.4 0 1 0 2.4 2.4V3h3.4Z"
      fill="currentColor"
    />
  ),
  youtube: (
    <g>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="m10 9 5 3-5 3V9Z" fill="#0f172a" />
    </g>
  ),
};

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {MARKS[network]}
    </svg>
  );
}
