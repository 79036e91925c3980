import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import type { Report } from '../api/reports';

const WIDTH = 640;
const HEIGHT = 160;

/**
 * Daily net sales as bars (a refund-heavy day goes below the line), drawn inline: no chart library
 * for one small picture. Its title and description say what it shows; the by-day table beside it
 * holds the same figures for a screen reader.
 */
export function DailyChart({ report, tableId }: { report: Report; tableId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const days = report.byDay;
  const high = Math.max(0, ...days.map((d) => d.netCents));
  const low = Math.min(0, ...days.map((d) => d.netCents));
  const span = high - low || 1;
  const zero = (high / span) * HEIGHT;
  const step = WIDTH / Math.max(days.length, 1);
  const best = days.reduce<(typeof days)[number] | undefined>(
    (b, d) => (!b || d.netCents > b.netCents ? d : b),
    undefined,
  );
  return (
    <figure className="report-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        aria-describedby={tableId}
        preserveAspectRatio="none"
      >
        <title id={`${id}-title`}>{t('reports.chart.title')}</title>
        <desc id={`${id}-desc`}>
          {t('reports.chart.desc', {
            from: report.from,
            to: report.to,
            total: formatCents(report.totals.netCents),
            best: best ? `${best.date} ${formatCents(best.netCents)}` : '',
          })}
        </desc>
        <line x1="0" x2={WIDTH} y1={zero} y2={zero} className="report-chart-axis" />
        {days.map((d, i) => {
          const h = (Math.abs(d.netCents) / span) * HEIGHT;
          return (
            <rect
              key={d.date}
              x={i * step + step * 0.1}
              width={Math.max(step * 0.8, 1)}
              y={d.netCents >= 0 ? zero - h : zero}
              height={h}
              className={d.netCents >= 0 ? 'report-bar' : 'report-bar is-negative'}
            >
              <title>{`${d.date}: ${formatCents(d.netCents)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="admin-hint">{t('reports.chart.caption')}</figcaption>
    </figure>
  );
}
