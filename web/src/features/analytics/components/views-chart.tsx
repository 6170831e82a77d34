// The views-and-visitors line chart, drawn with uPlot (small, fast, canvas): loaded lazily with the
// admin's Analytics card only. The canvas is hidden from assistive technology; the card's table
// carries the same figures, and the chart's label sums them up.
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

import type { AnalyticsDay } from '../api/get-analytics';

export default function ViewsChart({
  days,
  label,
  viewsLabel,
  visitorsLabel,
}: {
  days: readonly AnalyticsDay[];
  label: string;
  viewsLabel: string;
  visitorsLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    // Without a 2D canvas (a very old browser) the table below the chart says it all.
    if (
      !element ||
      typeof window.matchMedia !== 'function' ||
      !document.createElement('canvas').getContext('2d')
    )
      return;
    let plot: uPlot | undefined;
    let gone = false;
    const resize = () => plot?.setSize({ width: Math.max(280, element.clientWidth), height: 220 });
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const x = days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
      plot = new UPlot(
        {
          width: Math.max(280, element.clientWidth),
          height: 220,
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          series: [
            {},
            { label: viewsLabel, stroke: '#4f46e5', width: 2, fill: 'rgba(79,70,229,0.08)' },
            { label: visitorsLabel, stroke: '#0f766e', width: 2, dash: [6, 4] },
          ],
          axes: [{}, { size: 50 }],
        },
        [x, days.map((d) => d.views), days.map((d) => d.visitors)],
        element,
      );
      window.addEventListener('resize', resize);
    });
    return () => {
      gone = true;
      window.removeEventListener('resize', resize);
      plot?.destroy();
    };
  }, [days, viewsLabel, visitorsLabel]);
  return (
    <figure className="m-0">
      <div ref={box} role="img" aria-label={label} data-testid="analytics-chart" />
    </figure>
  );
}
