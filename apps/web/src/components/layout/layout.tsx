import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<div className="p-12 text-center text-gray-600">Loading...</div>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
