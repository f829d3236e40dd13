import { UI_TEXT } from '@agro/shared';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <p className="text-6xl font-bold text-brand-800" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-gray-900">{UI_TEXT.notFound}</h1>
      <p className="mt-2 text-gray-700">The page you are looking for does not exist or has moved.</p>
      <button type="button" className="btn-primary mt-6" onClick={() => navigate(-1)}>
        {UI_TEXT.goBack}
      </button>
    </section>
  );
}
