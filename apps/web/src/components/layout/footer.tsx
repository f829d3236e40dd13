export function Footer() {
  return <footer className="border-t p-4">Footer</footer>;
}
