import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from '@/lib/i18n';

interface ErrorScreenProps {
  code: string;
  title: string;
  text: string;
  icon: ReactNode;
}

/** Shared look of the not-found and access-denied pages: code, title, text, Go Back and Home. */
export function ErrorScreen({ code, title, text, icon }: ErrorScreenProps) {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <div className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-50 text-brand-800 ring-8 ring-brand-50/50">
        {icon}
      </div>
      <p className="mt-6 text-6xl font-extrabold tracking-tight text-brand-900" aria-hidden="true">
        {code}
      </p>
      <h1 className="mt-3 text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-3 text-gray-700">{text}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <button type="button" className="btn-primary px-6" onClick={() => navigate(-1)}>
          {t('errors.goBack')}
        </button>
        <Link to="/" className="btn-secondary px-6">
          {t('errors.homePage')}
        </Link>
      </div>
    </section>
  );
}
