import { REPLY_FILTERS, type Product } from '@agro/shared';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { asItems, Options, type OptionItem } from '@/components/ui/options';
import { t } from '@/lib/i18n';
import { useAdministrators } from './use-administrators';
import type { LeadFilterValues } from './use-lead-filters';

interface LeadFilterBarProps {
  /** What the list is, for the landmark's name: "Filter quotes". */
  label: string;
  values: LeadFilterValues;
  onChange: (changes: Partial<LeadFilterValues>) => void;
  onClear: () => void;
  products: readonly Product[];
  countries: readonly string[];
  /** Status choices of this list (value and text); none: no status filter. */
  statuses?: readonly OptionItem[];
  /** The reply clock's and the owner's filters (issue 41: All Quotes and the inbox, signed in as an administrator). */
  handling?: boolean;
  /** A line under the search box on what else it searches (All Quotes: the lines' product names). */
  searchHint?: string;
  /** Extra controls at the end of the bar (e.g. the CSV button). */
  children?: ReactNode;
}

/** A small label above one control; `control` gets the id that ties them together. */
function FilterField({ label, control }: { label: string; control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-700">
        {label}
      </label>
      {control(id)}
    </div>
  );
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <FilterField
      label={label}
      control={(id) => (
        <select id={id} className="input py-2 text-sm" value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      )}
    />
  );
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <FilterField
      label={label}
      control={(id) => (
        <input id={id} type="date" className="input py-2 text-sm" value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    />
  );
}

const REPLY_TEXT = { due: 'replyDue', overdue: 'replyOverdue', answered: 'replyAnswered' } as const;

/**
 * The reply clock (`reply=due|overdue|answered`) and the owner (`assignee=me|none|<id>`): anyone, me,
 * nobody, or each administrator by name.
 */
function HandlingFilters({ values, onChange }: Pick<LeadFilterBarProps, 'values' | 'onChange'>) {
  const { admins, myId } = useAdministrators(t('leadOwner.teamFailed'));
  const owners: OptionItem[] = [
    { value: 'me', label: t('leadFilters.ownerMe') },
    { value: 'none', label: t('leadFilters.ownerNone') },
    ...(admins ?? []).filter((a) => a._id !== myId).map((a) => ({ value: a._id, label: a.fullName })),
  ];
  // An administrator in the URL who is not (or not yet) in the list still shows as chosen.
  if (values.assignee && !owners.some((o) => o.value === values.assignee)) owners.push({ value: values.assignee, label: values.assignee });
  return (
    <>
      <Select label={t('leadFilters.reply')} value={values.reply} onChange={(reply) => onChange({ reply })}>
        <Options
          items={REPLY_FILTERS.map((r) => ({ value: r, label: t(`leadFilters.${REPLY_TEXT[r]}`) }))}
          blank={t('leadFilters.anyReply')}
        />
      </Select>
      <Select label={t('leadFilters.owner')} value={values.assignee} onChange={(assignee) => onChange({ assignee })}>
        <Options items={owners} blank={t('leadFilters.anyOwner')} />
      </Select>
    </>
  );
}

/**
 * Filters of 'All Quotes' and the inquiry inbox: status, product, country, date range, spam, the
 * reply clock and the owner, and a search by company, contact or email. Every change goes to the
 * URL at once; the search is sent with Enter or the Search button. Its texts are the
 * administrators' (leadFilters); the values sent stay as they are in every language.
 */
export function LeadFilterBar({
  label,
  values,
  onChange,
  onClear,
  products,
  countries,
  statuses,
  handling,
  searchHint,
  children,
}: LeadFilterBarProps) {
  const searchId = useId();
  const [search, setSearch] = useState(values.q);
  useEffect(() => setSearch(values.q), [values.q]);
  // A country in the URL that no lead has (yet) still shows as chosen.
  const countryOptions =
    values.country && !countries.some((c) => c.toLowerCase() === values.country.toLowerCase()) ? [values.country, ...countries] : countries;
  const active = Object.values(values).some((v) => v !== '');

  return (
    <section aria-label={label} className="mt-6 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ q: search.trim() });
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={searchId} className="mb-1 block text-xs font-medium text-gray-700">
            {t('leadFilters.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="input py-2 text-sm"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-describedby={searchHint ? `${searchId}-hint` : undefined}
          />
          {searchHint && (
            <p id={`${searchId}-hint`} className="mt-1 text-xs text-gray-600">
              {searchHint}
            </p>
          )}
        </div>
        <button type="submit" className="btn-secondary py-2 text-sm">
          {t('leadFilters.searchButton')}
        </button>
      </form>
      <div className={`mt-3 grid grid-cols-2 gap-3 ${handling ? 'md:grid-cols-4' : 'md:grid-cols-3 lg:grid-cols-6'}`}>
        {statuses && (
          <Select label={t('leadFilters.status')} value={values.status} onChange={(status) => onChange({ status })}>
            <Options items={statuses} blank={t('leadFilters.anyStatus')} />
          </Select>
        )}
        <Select label={t('leadFilters.product')} value={values.productId} onChange={(productId) => onChange({ productId })}>
          <Options items={products.map((p) => ({ value: p._id, label: p.productName }))} blank={t('leadFilters.anyProduct')} />
        </Select>
        <Select label={t('leadFilters.country')} value={values.country} onChange={(country) => onChange({ country })}>
          <Options items={asItems(countryOptions)} blank={t('leadFilters.anyCountry')} />
        </Select>
        <DateInput label={t('leadFilters.from')} value={values.from} onChange={(from) => onChange({ from })} />
        <DateInput label={t('leadFilters.to')} value={values.to} onChange={(to) => onChange({ to })} />
        {/* What is held as spam (issue 25) is out of the list until asked for here. */}
        <Select label={t('leadFilters.spam')} value={values.spam} onChange={(spam) => onChange({ spam })}>
          <Options items={[{ value: 'true', label: t('leadFilters.spamOnly') }]} blank={t('leadFilters.hideSpam')} />
        </Select>
        {handling && <HandlingFilters values={values} onChange={onChange} />}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        {active && (
          <button type="button" className="btn-secondary py-2 text-sm" onClick={onClear}>
            {t('leadFilters.clear')}
          </button>
        )}
        {children}
      </div>
    </section>
  );
}
