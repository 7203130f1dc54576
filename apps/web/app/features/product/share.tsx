/**
 * 'Partager ce produit': a toggle offering Facebook and WhatsApp sharing of the page's address.
 * A <details>, which opens before (and without) the scripts (decision 027, "The first tap").
 */
export function Share({ url, title }: { url: string; title: string }) {
  return (
    <details
      // Opened before the scripts ran: React finds `open` on it, as it should.
      suppressHydrationWarning
      className="mt-4"
    >
      <summary className="cursor-pointer list-none text-sm font-semibold text-brand underline [&::-webkit-details-marker]:hidden">
        Partager ce produit
      </summary>
      <ul className="mt-2 flex gap-3 text-sm">
        <li>
          <a
            className="underline"
            href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Facebook
          </a>
        </li>
        <li>
          <a
            className="underline"
            href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            WhatsApp
          </a>
        </li>
      </ul>
    </details>
  );
}
