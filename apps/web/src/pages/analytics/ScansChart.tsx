import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ScanAnalytics } from './analyticsApi.js';

interface PointProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: { day: string; scans: number };
}

/** A day's point of the scans line, named in the DOM (one per day: what the e2e counts). */
function ScanPoint({ cx, cy, index, payload }: PointProps) {
  return (
    <circle
      key={index}
      cx={cx}
      cy={cy}
      r={3}
      fill="#fff"
      stroke="#3a6df0"
      strokeWidth={2}
      data-testid="scans-point"
      data-day={payload?.day}
      data-scans={payload?.scans}
    />
  );
}

/** Scans, first scans, refused taps and mints per day (recharts: SVG, one dot per day and line). */
export function ScansChart({ perDay }: { perDay: ScanAnalytics['perDay'] }) {
  return (
    <div className="analytics-chart" data-testid="scans-chart">
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={perDay} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} minTickGap={16} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip />
          <Legend />
          <Line
            type="monotone"
            dataKey="scans"
            name="Scans"
            stroke="#3a6df0"
            isAnimationActive={false}
            dot={ScanPoint}
          />
          <Line
            type="monotone"
            dataKey="firstScans"
            name="First scans"
            stroke="#1f9d55"
            isAnimationActive={false}
          />
          <Line type="monotone" dataKey="refused" name="Refused" stroke="#c0392b" isAnimationActive={false} />
          <Line
            type="monotone"
            dataKey="mints"
            name="Mints"
            stroke="#8e44ad"
            strokeDasharray="4 2"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
