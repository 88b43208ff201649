import { Line, LineChart } from 'recharts';

/** A 7-day trend without axes (the charting library the analytics page already uses). */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const data = values.map((value, index) => ({ index, value }));
  return (
    <div className="sparkline" role="img" aria-label={`${label}, last 7 days: ${values.join(', ')}`}>
      <LineChart width={112} height={32} data={data} margin={{ top: 4, right: 2, bottom: 4, left: 2 }}>
        <Line
          type="monotone"
          dataKey="value"
          stroke="var(--mt-link)"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}
