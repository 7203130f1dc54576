/**
 * The page the phone shows when the network is gone and the page asked for is not kept: what
 * happened, the pages it does keep, and that an order waiting will leave by itself. Plain HTML
 * and a few styles, no script: nothing to load, nothing to run.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const time = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Douala" });

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.5rem;margin:0 0 .5rem}
.notice{background:#fef3c7;color:#78350f;border-radius:.5rem;padding:.75rem 1rem}
ul{padding:0;list-style:none}li{margin:.5rem 0}a{color:#0b5cad;font-weight:600}
small{display:block;color:#475569}.button{display:inline-block;border:2px solid #0b5cad;background:#fff;border-radius:999px;padding:.5rem 1.25rem;text-decoration:none}`;

export function offlinePage(pages: { url: string; title: string; savedAt: number }[], needsNetwork: boolean): Response {
  const list = pages.length
    ? `<h2>Pages enregistrées sur ce téléphone</h2><ul>${pages
        .map(
          (p) =>
            `<li><a href="${escapeHtml(p.url)}">${escapeHtml(p.title || p.url)}</a><small>Enregistrée le ${escapeHtml(time.format(p.savedAt))}</small></li>`,
        )
        .join("")}</ul>`
    : "<p>Aucune page n'est encore enregistrée sur ce téléphone.</p>";
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#0b5cad"><title>Vous êtes hors ligne</title><style>${STYLE}</style></head><body><main>
<h1>Vous êtes hors ligne</h1>
<p class="notice" role="status">${
    needsNetwork
      ? "Cette page a besoin du réseau : elle n'est jamais enregistrée sur le téléphone."
      : "Cette page n'est pas encore enregistrée sur ce téléphone."
  } Réessayez quand le réseau revient.</p>
<p><a class="button" href="">Réessayer</a></p>
${list}
<p>Une commande en attente de réseau partira d'elle-même au retour du réseau.</p>
</main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
    },
  });
}
