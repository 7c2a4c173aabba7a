import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from './chartData';

/**
 * The daily chart with uPlot (canvas, ~24 KB gzipped, loaded with this screen only): the period's
 * days across and the total as bars (ReportChartMultiples draws each driver on a chart of its own,
 * with its own scale). Days still to come are null: no bar, no point.
 */
export default function ReportChart({ data, unit, height = 260, totalLabel = 'Total', legend = true }: { data: ChartData; unit: string; height?: number; totalLabel?: string; legend?: boolean }) {
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const style = getComputedStyle(box);
    const text = style.getPropertyValue('--flota-text').trim() || '#333';
    const grid = style.getPropertyValue('--flota-border').trim() || '#ddd';
    const palette = ['#2563eb', '#d97706', '#059669', '#db2777', '#7c3aed'];
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const bars = uPlot.paths.bars?.({ size: [0.6, 60] });
    // A label every day when they fit (about 100 px each), every few days otherwise.
    const labelStep = Math.max(1, Math.ceil((data.x.length * 100) / Math.max(280, box.clientWidth)));
    const options: uPlot.Options = {
      width: Math.max(280, box.clientWidth),
      height,
      // Whole days only, half a day of room either side so the first and last bars show whole.
      scales: { x: { time: false, range: () => [-0.5, data.x.length - 0.5] } },
      legend: { show: legend, live: false },
      axes: [
        { ...axis, splits: () => data.x.filter((i) => i % labelStep === 0), values: (_u, ticks) => ticks.map((tick) => data.labels[Math.round(tick)] ?? '') },
        { ...axis, label: unit, size: 56 },
      ],
      series: [
        { label: 'Día', value: (_u, v) => (v === null ? '' : (data.labels[Math.round(v)] ?? '')) },
        { label: totalLabel, stroke: `${palette[0]}99`, fill: `${palette[0]}44`, paths: bars, points: { show: false } },
        ...data.series.map((series, i) => ({ label: series.name, stroke: palette[i % palette.length], width: 2 })),
      ],
    };
    const plot = new uPlot(options, [data.x, data.total, ...data.series.map((series) => series.values)], box);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, box.clientWidth), height }));
    resize.observe(box);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, unit, height, totalLabel, legend]);

  return <div ref={boxRef} className="flota-report-chart__plot" />;
}
