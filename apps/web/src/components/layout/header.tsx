export function Header() {
  return <header className="border-b p-4">Header</header>;
}
