// Placeholder while issue 4 is built in parallel branches; replaced by the real screen.
export default function OrderStatus() {
  return (
    <main className="mx-auto max-w-md px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Suivi de commande</h1>
    </main>
  );
}
