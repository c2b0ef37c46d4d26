import { useId, useState } from 'react';
import { DownloadButton } from '#admin/components/DownloadButton.tsx';

/** The month before `now`'s, on the owner's calendar, as YYYY-MM: the month a GST return is filed for. */
export function previousMonth(now = new Date()): string {
  const month = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
}

/** A month's invoices and credit notes as the accountant files them (GET /reports/gst.csv?month=YYYY-MM, ADR 032). */
export function GstReportDownload() {
  const id = useId();
  const [month, setMonth] = useState(previousMonth);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <label htmlFor={id} className="small text-body-secondary">
        GST report for
      </label>
      <input
        id={id}
        type="month"
        required
        className="form-control form-control-sm w-auto"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
      />
      <DownloadButton
        label="Download GST report (CSV)"
        path="reports/gst.csv"
        filename={() => `gst-${month}.csv`}
        query={{ month }}
      />
    </div>
  );
}
