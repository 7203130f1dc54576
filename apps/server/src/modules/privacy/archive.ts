import { Readable } from "node:stream";
import { formatPrice, type MyData } from "@shop/shared";
import { ZipFile } from "yazl";
import type { FileStorage } from "../../lib/storage.ts";

/**
 * 'Télécharger mes données' (decision 041): one zip that any phone opens, with `donnees.json`
 * for machines (the same object as GET /api/my-data), `donnees.html` for people, and under
 * `fichiers/` the files the person sent (profile photo, order files, transfer screenshots).
 * Streamed: each file is read from storage only when the zip reaches it, so an account with
 * hundreds of orders costs the server no more memory than one.
 */
export function personalArchive(
  data: MyData,
  files: readonly { key: string; name: string }[],
  storage: FileStorage,
): NodeJS.ReadableStream {
  const zip = new ZipFile();
  const mtime = new Date(data.exportedAt);
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), "donnees.json", { mtime });
  zip.addBuffer(Buffer.from(readablePage(data, files)), "donnees.html", { mtime });
  for (const file of files) {
    // Photos and PDFs are compressed already: stored as they are.
    zip.addReadStreamLazy(`fichiers/${file.name}`, { mtime, compress: false }, (done) => {
      storage.get(file.key).then(
        // A file gone from storage (removed by hand) leaves an empty entry, not a broken zip.
        (stored) => done(null, stored?.body ?? Readable.from([])),
        (err) => done(err, Readable.from([])),
      );
    });
  }
  zip.end();
  return zip.outputStream;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Africa/Douala" }).format(
        new Date(iso),
      )
    : "—";

function table(headings: string[], rows: (string | number | null)[][]): string {
  if (rows.length === 0) return "<p>Rien.</p>";
  const head = headings.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join("");
  const body = rows
    .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c === null ? "—" : String(c))}</td>`).join("")}</tr>`)
    .join("\n");
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** The same data as a page to read on a phone or print, in French, with no script and no outside resource. */
export function readablePage(data: MyData, files: readonly { name: string }[]): string {
  const a = data.account;
  const orders = data.orders
    .map(
      (o) => `<section><h3>Commande ${escapeHtml(o.reference)} — ${escapeHtml(when(o.createdAt))}</h3>
<p>Statut : ${escapeHtml(o.status)}. Nom : ${escapeHtml(o.name)}. Téléphone : ${escapeHtml(o.phone ?? "—")}. Adresse : ${escapeHtml(o.address || "—")}.${
        o.delivery
          ? ` Livraison : ${escapeHtml(o.delivery.name ?? o.delivery.kind)}${o.delivery.neighbourhood ? `, ${escapeHtml(o.delivery.neighbourhood)}` : ""}${o.delivery.landmark ? ` (${escapeHtml(o.delivery.landmark)})` : ""}.`
          : ""
      }${o.message ? ` Message : ${escapeHtml(o.message)}.` : ""}${o.fileName ? ` Fichier joint : ${escapeHtml(o.fileName)}.` : ""}</p>
${table(
  ["Produit", "Prix", "Quantité"],
  o.lines.map((l) => [
    l.variantLabel ? `${l.productName} — ${l.variantLabel}` : l.productName,
    formatPrice(l.unitPrice),
    l.quantity,
  ]),
)}
<p>Total : ${escapeHtml(formatPrice(o.total))}.</p>
${
  o.payments.length
    ? table(
        ["Paiement", "Numéro", "Montant", "État", "Référence", "Date"],
        o.payments.map((p) => [
          p.operator ? `${p.method} (${p.operator})` : p.method,
          p.phone,
          formatPrice(p.amount),
          p.state,
          p.reference,
          when(p.createdAt),
        ]),
      )
    : ""
}
</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mes données — ${escapeHtml(a.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;line-height:1.5;color:#111}table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}h2{margin-top:2rem}</style>
</head>
<body>
<h1>Mes données</h1>
<p>Copie faite le ${escapeHtml(when(data.exportedAt))}. Le fichier donnees.json contient les mêmes données pour un programme.</p>
<h2>Compte</h2>
${table(["Nom", "E-mail", "Rôle", "Créé le", "Modifié le"], [[a.name, a.email, a.role, when(a.createdAt), when(a.updatedAt)]])}
<h2>Panier</h2>
${table(
  ["Produit", "Quantité"],
  data.cart.map((l) => [l.variantLabel ? `${l.productName} — ${l.variantLabel}` : l.productName, l.quantity]),
)}
<h2>Commandes (${data.orders.length})</h2>
${orders || "<p>Rien.</p>"}
<h2>Avis</h2>
${table(
  ["Produit", "Note", "Commentaire", "Date"],
  data.reviews.map((r) => [r.productName, r.rating, r.comment, when(r.createdAt)]),
)}
<h2>Messages envoyés depuis Contact</h2>
${table(
  ["Objet", "Message", "Date"],
  data.messages.map((m) => [m.subject, m.message, when(m.createdAt)]),
)}
<h2>Alertes « Prévenez-moi »</h2>
${table(
  ["Produit", "Numéro", "Demandée le", "Prévenu le"],
  data.stockAlerts.map((s) => [s.productName, s.phone, when(s.createdAt), when(s.notifiedAt)]),
)}
<h2>Appareils connectés</h2>
${table(
  ["Appareil", "Adresse", "Connecté le", "Dernière utilisation", "Ouvert avec"],
  data.devices.map((d) => [d.device, d.address, when(d.createdAt), when(d.lastUsedAt), d.openedWith]),
)}
<h2>Seconds facteurs</h2>
${table(
  ["Type", "Nom", "Ajouté le", "Dernière utilisation"],
  data.secondFactors.map((f) => [f.kind, f.name, when(f.createdAt), when(f.lastUsedAt)]),
)}
<h2>Liens de nouveau mot de passe</h2>
${table(
  ["Envoyé par", "Créé le", "Utilisé le"],
  data.passwordResets.map((r) => [r.channel, when(r.createdAt), when(r.usedAt)]),
)}
<h2>Fichiers envoyés (dossier fichiers)</h2>
${files.length ? `<ul>${files.map((f) => `<li>${escapeHtml(f.name)}</li>`).join("")}</ul>` : "<p>Rien.</p>"}
</body>
</html>
`;
}
