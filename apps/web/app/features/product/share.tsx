import { useState } from "react";

/** 'Partager ce produit': a toggle offering Facebook and WhatsApp sharing of the page's address. */
export function Share({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="text-sm font-semibold text-brand underline"
      >
        Partager ce produit
      </button>
      {open && (
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
      )}
    </div>
  );
}
