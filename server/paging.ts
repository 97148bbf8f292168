/** The pages `total` rows fill (at least one), and the page asked for (1-based, any number) brought within them. */
export function clampedPage(requested: number | undefined, total: number, pageSize: number): { page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, Math.floor(requested ?? 1) || 1), pageCount), pageCount };
}
