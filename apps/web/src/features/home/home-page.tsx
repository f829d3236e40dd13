export default function HomePage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Home</h1>
    </section>
  );
}
