import { UI_TEXT, type Quote, type Role } from '@agro/shared';
import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FileTextIcon } from '@/components/ui/icons';
import { QuoteCard } from './quote-card';
import { deleteQuote, fetchAllQuotes, fetchUserQuotes } from './quote-slice';

/** Navigation state of /quote/description. */
export interface QuoteDescriptionState {
  quote: Quote;
}

/**
 * The profile's quotes: 'Your Quotes' for a USER, 'All Quotes' for an ADMIN (who can open
 * and delete them).
 */
export function QuoteList({ role }: { role: Role }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const quotes = useAppSelector((s) => s.quote.quotes);
  const [loading, setLoading] = useState(true);
  const [toDelete, setToDelete] = useState<Quote | null>(null);
  const [deleting, setDeleting] = useState(false);
  const headingId = useId();
  const admin = role === 'ADMIN';

  const load = useCallback(async () => {
    setLoading(true);
    await dispatch(admin ? fetchAllQuotes() : fetchUserQuotes());
    setLoading(false);
  }, [dispatch, admin]);

  useEffect(() => {
    void load();
  }, [load]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await dispatch(deleteQuote(toDelete._id)).unwrap();
      setToDelete(null);
      await load();
    } catch {
      // The toast shows the server's message; the dialog stays for another try or Cancel.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-12">
      <div className="flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-gray-900">
          {admin ? UI_TEXT.allQuotes : UI_TEXT.yourQuotes}
        </h2>
        {!loading && quotes.length > 0 && (
          <p className="text-sm text-gray-600">
            {quotes.length} {quotes.length === 1 ? 'quote' : 'quotes'}
          </p>
        )}
      </div>
      {loading ? (
        <div role="status" className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading quotes</span>
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="h-52 animate-pulse rounded-2xl bg-gray-100" />
          ))}
        </div>
      ) : quotes.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-6 py-12 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-gray-500 shadow-sm">
            <FileTextIcon size={24} />
          </span>
          <p className="mt-4 font-medium text-gray-900">{UI_TEXT.noQuotes}</p>
          {!admin && <p className="mt-1 text-sm text-gray-600">Quotes you request will appear here.</p>}
        </div>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {quotes.map((q) => (
            <li key={q._id}>
              <QuoteCard
                quote={q}
                admin={admin}
                onView={(quote) => navigate('/quote/description', { state: { quote } satisfies QuoteDescriptionState })}
                onDelete={setToDelete}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        message={UI_TEXT.deleteQuoteConfirm}
        confirmLabel="Delete"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
