import { API, AUDIT_ENTITY_TYPES, AUDIT_PAGE_SIZE, type AuditEntry, type AuditResponse } from '@agro/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CsvButton } from '@/components/leads/csv-button';
import { Field } from '@/components/ui/field';
import { Ltr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage, request } from '@/lib/api';
import { formatDateTime, formatNumber } from '@/lib/format';
import { localizeMessage, t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

const FILTERS = ['actor', 'type', 'from', 'to'] as const;

const when = formatDateTime;
const shown = (value: unknown) => (value === null || value === undefined ? '-' : typeof value === 'string' ? value : JSON.stringify(value));

function Changes({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return <span className="text-gray-600">-</span>;
  return (
    <details>
      <summary className="cursor-pointer text-brand-800 underline underline-offset-2">
        {t('audit.fields', { count: fields.length, n: formatNumber(fields.length) })}
      </summary>
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
  useDocumentTitle(t('audit.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filterQuery = new URLSearchParams(FILTERS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))).toString();
  const [answer, setAnswer] = useState<AuditResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Controlled: under preact/compat an uncontrolled select (defaultValue) is set back to it on every
  // render, so a type chosen before the list had loaded was lost when it arrived.
  const [type, setType] = useState(params.get('type') ?? '');

  useEffect(() => {
    let live = true;
    const query = `${filterQuery ? `${filterQuery}&` : ''}page=${page}&limit=${AUDIT_PAGE_SIZE}`;
    request<AuditResponse>('GET', `${API.audit}?${query}`).then(
      (r) => {
        if (!live) return;
        setAnswer(r);
        setProblem(null);
      },
      (e: unknown) => live && setProblem(errorMessage(e, t('audit.loadError'))),
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
      <PageHero eyebrow={t('audit.eyebrow')} title={t('audit.title')}>
        {t('audit.intro')}
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10">
        <form
          onSubmit={apply}
          className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
          aria-label={t('audit.filterLabel')}
        >
          <Field label={t('audit.actor')}>
            <input className="input" name="actor" defaultValue={params.get('actor') ?? ''} />
          </Field>
          <Field label={t('audit.type')}>
            <select className="input" name="type" value={type} onChange={(event) => setType(event.target.value)}>
              <option value="">{t('audit.all')}</option>
              {AUDIT_ENTITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`audit.types.${type}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('audit.from')}>
            <input className="input" type="date" name="from" defaultValue={params.get('from') ?? ''} />
          </Field>
          <Field label={t('audit.to')}>
            <input className="input" type="date" name="to" defaultValue={params.get('to') ?? ''} />
          </Field>
          <div className="flex flex-wrap items-end gap-2">
            <button type="submit" className="btn-secondary py-2 text-sm">
              {t('audit.apply')}
            </button>
            <CsvButton
              path={`${API.exportAudit}${filterQuery ? `?${filterQuery}` : ''}`}
              fallbackName="audit-log.csv"
              label={t('audit.exportLabel')}
            />
          </div>
        </form>

        {problem && (
          <p role="alert" className="mt-6 text-red-700">
            {localizeMessage(problem)}
          </p>
        )}
        {!answer && !problem && (
          <p role="status" className="mt-6 text-gray-700">
            {t('audit.loading')}
          </p>
        )}
        {answer && (
          <>
            <p className="mt-6 text-sm text-gray-600" aria-live="polite">
              {t('audit.count', { count: answer.total, n: formatNumber(answer.total) })}
            </p>
            {answer.audit.length === 0 ? (
              <p className="mt-6 text-gray-700">{t('audit.empty')}</p>
            ) : (
              <div className="mt-3 overflow-x-auto rounded-2xl border border-gray-200">
                <table className="min-w-full divide-y divide-gray-200 text-start text-sm">
                  <caption className="sr-only">{t('audit.caption')}</caption>
                  <thead className="bg-gray-50 text-gray-700">
                    <tr>
                      {(['when', 'who', 'action', 'type', 'id', 'changes'] as const).map((h) => (
                        <th key={h} scope="col" className="px-3 py-2 font-semibold">
                          {t(`audit.columns.${h}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100 bg-white">
                    {answer.audit.map((e) => (
                      <tr key={e._id} className="align-top">
                        <td className="whitespace-nowrap px-3 py-2">{when(e.at)}</td>
                        <td className="px-3 py-2 break-all">
                          <Ltr>{e.actorEmail}</Ltr>
                        </td>
                        <td className="px-3 py-2">{t(`audit.actions.${e.action}`)}</td>
                        <td className="px-3 py-2">{t(`audit.types.${e.entityType}`)}</td>
                        <td className="px-3 py-2 font-mono text-xs break-all">
                          <Ltr>{e.entityId}</Ltr>
                        </td>
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
              label={t('audit.pages')}
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
