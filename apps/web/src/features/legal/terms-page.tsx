export default function TermsPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Terms and Conditions</h1>
    </section>
  );
}
