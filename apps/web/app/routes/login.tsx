// Placeholder while issue 4 is built in parallel branches; replaced by the real screen.
export default function Login() {
  return (
    <main className="mx-auto max-w-md px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Connexion</h1>
    </main>
  );
}
