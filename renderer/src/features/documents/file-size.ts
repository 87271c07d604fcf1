/** Form-content section 9: decimal units, no decimals (532 kB, 1 MB); 1 kB = 1000 B. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const kilobytes = Math.round(bytes / 1000);
  if (kilobytes < 1000) return `${kilobytes} kB`;
  return `${Math.round(bytes / 1_000_000)} MB`;
}
