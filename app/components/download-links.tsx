/** Where to download what a license is for, one link per platform (the seller's addresses, https only). */
export function DownloadLinks({ downloads, productName }: { downloads: { id: string; platform: string; url: string }[]; productName: string }) {
  if (downloads.length === 0) return null;
  return (
    <section aria-label={`Downloads of ${productName}`} className="space-y-2" data-testid="downloads">
      <h3 className="text-sm font-semibold text-slate-700">Download {productName}</h3>
      <ul className="flex flex-wrap gap-2">
        {downloads.map((download) => (
          <li key={download.id} className="min-w-0">
            <a
              href={download.url}
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-indigo-700 hover:bg-slate-100 [overflow-wrap:anywhere]"
              data-testid="download-link"
            >
              <span aria-hidden="true">⤓</span> {download.platform}
              <span className="sr-only"> (from {new URL(download.url).host})</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
