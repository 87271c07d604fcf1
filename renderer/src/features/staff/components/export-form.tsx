import { useState } from 'react';
import { staffPaths } from '../../../../../common/staff-api';
import { TextField } from '../../../components/ui/text-field';

/**
 * The exports (admins): a plain GET form, so the browser itself downloads the streamed file the
 * server sends as an attachment, however large, and the page stays where it is. Each date bounds
 * the other (min and max), so the browser itself refuses a range that ends before it starts, with
 * its own message at the field, instead of leaving the page for the server's JSON refusal.
 */
export function ExportForm() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <section aria-labelledby="staff-export-title" className="staff-export">
      <h2 id="staff-export-title">Export submitted applications</h2>
      <form method="get" action={staffPaths.exportCsv} className="staff-filters">
        <TextField label="Export submitted from" name="from" type="date" className="staff-filters__field" required value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="Export submitted to" name="to" type="date" className="staff-filters__field" required value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        <button type="submit" className="button button--primary staff-filters__apply">
          Download CSV
        </button>
        <button type="submit" formAction={staffPaths.exportJson} className="button button--secondary staff-filters__apply">
          Download JSON
        </button>
        <button type="submit" formAction={staffPaths.exportPdfs} className="button button--secondary staff-filters__apply">
          Download PDFs (ZIP)
        </button>
      </form>
    </section>
  );
}
