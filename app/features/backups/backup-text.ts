/** "5.3 MB", "812 KB": an archive's size as the Backups page shows it. */
export function fileSize(bytes: number): string {
  if (bytes < 1_048_576) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
