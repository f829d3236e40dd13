import { UI_TEXT } from '@agro/shared';
import { useNavigate } from 'react-router';

export function AccessDeniedPage() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <p className="text-6xl font-bold text-red-700" aria-hidden="true">
        403
      </p>
      <h1 className="mt-4 text-3xl font-bold text-gray-900">{UI_TEXT.accessDenied}</h1>
      <p className="mt-2 text-gray-700">You do not have permission to view this page.</p>
      <button type="button" className="btn-primary mt-6" onClick={() => navigate(-1)}>
        {UI_TEXT.goBack}
      </button>
    </section>
  );
}
