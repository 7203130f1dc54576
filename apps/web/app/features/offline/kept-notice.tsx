/** What the order form and the cart's buttons say once an order is kept on the phone (decision 034). */
export function KeptNotice({ className = "" }: { className?: string }) {
  return (
    <p role="status" className={`rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-600/40 ${className}`}>
      Pas de réseau pour l'instant : votre commande est gardée sur ce téléphone et partira d'elle-même dès le retour du
      réseau. Sa référence s'affichera en haut de la page.
    </p>
  );
}
