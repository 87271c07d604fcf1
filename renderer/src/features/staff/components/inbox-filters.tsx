import type { FormEvent } from 'react';
import { completenessFilters, type CompletenessFilter } from '../../../../../common/checklist-api';
import { inboxStatuses } from '../../../../../common/staff-api';
import { campusOptions, entryTermOptionsOffered, programOptionsByCampus } from '../../../../../common/form/pages/education/choices';
import { TextField } from '../../../components/ui/text-field';
import { filterParamsOf } from '../filter-params';

export const statusLabels: Record<(typeof inboxStatuses)[number], string> = { in_progress: 'In progress', submitted: 'Submitted' };

/** The completeness filter (issue 28 item 4): submitted files by what they still lack. */
export const completenessLabels: Record<CompletenessFilter, string> = {
  complete: 'Complete',
  letters_missing: 'Letters missing',
  transcripts_missing: 'Transcripts missing',
  fee_awaiting: 'Fee awaiting',
  documents_missing: 'Documents missing',
};

/** Every program of every campus, once. */
const programOptions = [...new Map(Object.values(programOptionsByCampus).flat().map((option) => [option.value, option])).values()];

interface InboxFiltersProps {
  params: URLSearchParams;
  onApply: (next: URLSearchParams) => void;
}

/** Search and filters of the inbox; applying them starts again at page 1, keeping the sort. */
export function InboxFilters({ params, onApply }: InboxFiltersProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = filterParamsOf(event.currentTarget);
    for (const name of ['sort', 'order']) if (params.get(name)) next.set(name, params.get(name)!);
    onApply(next);
  }
  const select = (name: string, label: string, options: readonly { value: string; label: string }[], anyLabel = 'Any') => (
    <div className="field staff-filters__field">
      <label className="field__label" htmlFor={`inbox-${name}`}>
        {label}
      </label>
      <select id={`inbox-${name}`} name={name} className="field__input" defaultValue={params.get(name) ?? ''}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form role="search" aria-label="Find applications" className="staff-filters" onSubmit={submit} key={params.toString()}>
      <TextField label="Name or e-mail" name="q" type="search" className="staff-filters__field staff-filters__field--wide" defaultValue={params.get('q') ?? ''} />
      {select('status', 'Status', inboxStatuses.map((status) => ({ value: status, label: statusLabels[status] })))}
      {select('completeness', 'Completeness', completenessFilters.map((filter) => ({ value: filter, label: completenessLabels[filter] })), 'All')}
      {select('program', 'Program', programOptions)}
      {select('campus', 'Campus', campusOptions)}
      {select('term', 'Entry term', entryTermOptionsOffered)}
      <TextField label="Submitted from" name="from" type="date" className="staff-filters__field" defaultValue={params.get('from') ?? ''} />
      <TextField label="Submitted to" name="to" type="date" className="staff-filters__field" defaultValue={params.get('to') ?? ''} />
      <button type="submit" className="button button--primary staff-filters__apply">
        Search
      </button>
    </form>
  );
}
