// The `Accept-Language` header, read once for every use of it (the pages' locale, the storefront's
// currency). A header is read only this far: no browser sends more, and the work per request stays bounded.
const ACCEPT_LANGUAGE_MAX_CHARS = 256;
const ACCEPT_LANGUAGE_MAX_TAGS = 12;

/** The language tags of an `Accept-Language` header, most preferred first (by q, then by order); `*` and q=0 left out. */
export function acceptLanguageTags(header: string): string[] {
  return header
    .slice(0, ACCEPT_LANGUAGE_MAX_CHARS)
    .split(",")
    .slice(0, ACCEPT_LANGUAGE_MAX_TAGS)
    .map((part, index) => {
      const [tag = "", ...params] = part
        .split(";")
        .map((piece) => piece.trim());
      const q = params.find((param) => param.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(
      (range) => range.tag !== "" && range.tag !== "*" && range.weight > 0,
    )
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
