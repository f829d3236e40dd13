import { API, AUDIT_ENTITY_TYPES, AUDIT_PAGE_SIZE, AUDIT_TEXT, type AuditEntry, type AuditResponse } from '@agro/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CsvButton } from '@/components/leads/csv-button';
import { Field } from '@/components/ui/field';
import { PageHero } from '@/components/ui/page-hero';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage, request } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';

const FILTERS = ['actor', 'type', 'from', 'to'] as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const shown = (value: unknown) => (value === null || value === undefined ? '-' : typeof value === 'string' ? value : JSON.stringify(value));

function Changes({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return <span className="text-gray-600">-</span>;
  return (
    <details>
      <summary className="cursor-pointer text-brand-800 underline underline-offset-2">{`${fields.length} field${fields.length === 1 ? '' : 's'}`}</summary>
      <dl className="mt-2 space-y-1 text-xs">
        {fields.map(([field, change]) => (
          <div key={field}>
            <dt className="font-semibold text-gray-900">{field}</dt>
            <dd className="break-all text-gray-700">{`${shown(change.before)} → ${shown(change.after)}`}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** /audit (ADMIN): who changed what and when, newest first; filters live in the address; CSV export. No edits. */
export default function AuditPage() {
  useDocumentTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filterQuery = new URLSearchParams(FILTERS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))).toString();
  const [answer, setAnswer] = useState<AuditResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const query = `${filterQuery ? `${filterQuery}&` : ''}page=${page}&limit=${AUDIT_PAGE_SIZE}`;
    request<AuditResponse>('GET', `${API.audit}?${query}`).then(
      (r) => {
        if (!live) return;
        setAnswer(r);
        setProblem(null);
      },
      (e: unknown) => live && setProblem(errorMessage(e, AUDIT_TEXT.loadError)),
    );
    return () => {
      live = false;
    };
  }, [filterQuery, page]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTERS) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  };

  return (
    <>
      <PageHero eyebrow="Owner's console" title="Audit log">
        Every change an administrator made: who, when, what, and the fields before and after.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10">
        <form
          onSubmit={apply}
          className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
          aria-label="Filter the audit log"
        >
          <Field label="Person (e-mail)">
            <input className="input" name="actor" defaultValue={params.get('actor') ?? ''} />
          </Field>
          <Field label="Type">
            <select className="input" name="type" defaultValue={params.get('type') ?? ''}>
              <option value="">All</option>
              {AUDIT_ENTITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
          <Field label="From">
            <input className="input" type="date" name="from" defaultValue={params.get('from') ?? ''} />
          </Field>
          <Field label="To">
            <input className="input" type="date" name="to" defaultValue={params.get('to') ?? ''} />
          </Field>
          <div className="flex flex-wrap items-end gap-2">
            <button type="submit" className="btn-secondary py-2 text-sm">
              Apply filters
            </button>
            <CsvButton
              path={`${API.exportAudit}${filterQuery ? `?${filterQuery}` : ''}`}
              fallbackName="audit-log.csv"
              label="Export CSV of the filtered audit log"
            />
          </div>
        </form>

        {problem && (
          <p role="alert" className="mt-6 text-red-700">
            {problem}
          </p>
        )}
        {!answer && !problem && (
          <p role="status" className="mt-6 text-gray-700">
            {AUDIT_TEXT.loading}
          </p>
        )}
        {answer && (
          <>
            <p
              className="mt-6 text-sm text-gray-600"
              aria-live="polite"
            >{`${answer.total.toLocaleString('en-IN')} change${answer.total === 1 ? '' : 's'}`}</p>
            {answer.audit.length === 0 ? (
              <p className="mt-6 text-gray-700">{AUDIT_TEXT.empty}</p>
            ) : (
              <div className="mt-3 overflow-x-auto rounded-2xl border border-gray-200">
                <table className="min-w-full divide-y divide-gray-200 text-start text-sm">
                  <caption className="sr-only">Administrative changes, newest first</caption>
                  <thead className="bg-gray-50 text-gray-700">
                    <tr>
                      {['When', 'Who', 'Action', 'Type', 'Id', 'Changes'].map((h) => (
                        <th key={h} scope="col" className="px-3 py-2 font-semibold">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100 bg-white">
                    {answer.audit.map((e) => (
                      <tr key={e._id} className="align-top">
                        <td className="whitespace-nowrap px-3 py-2">{when(e.at)}</td>
                        <td className="px-3 py-2 break-all">{e.actorEmail}</td>
                        <td className="px-3 py-2">{e.action}</td>
                        <td className="px-3 py-2">{e.entityType}</td>
                        <td className="px-3 py-2 font-mono text-xs break-all">{e.entityId}</td>
                        <td className="px-3 py-2">
                          <Changes entry={e} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination
              page={answer.page}
              pageCount={answer.pageCount}
              label="Audit log pages"
              onChange={(p) => {
                const next = new URLSearchParams(params);
                next.set('page', String(p));
                setParams(next);
              }}
            />
          </>
        )}
      </div>
    </>
  );
}
