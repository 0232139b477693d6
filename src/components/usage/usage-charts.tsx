"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { TUsageByAutomation, TUsageDay } from "@/contracts/usage/get-usage";
import { ChartFigure } from "./chart-figure";
import { COLORS, formatCount, formatUsd, shortDay } from "./format";

// Every chart is decoration over the table behind it (ChartFigure), so Recharts' keyboard layer is off.
const common = { accessibilityLayer: false, margin: { top: 8, right: 8, bottom: 0, left: 0 } } as const;
const axisTick = { fontSize: 12, fill: "#667085" };

function DayAxis() {
  return <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} minTickGap={16} />;
}

export function RunsChart({ days }: { days: TUsageDay[] }) {
  return (
    <ChartFigure
      title="Runs by outcome"
      description="Runs (turns of agent sessions and flow runs) started each day (UTC), by how they ended. Failed: the run failed, or a tool call in it failed or was rejected (as run history says)."
      rows={days}
      rowKey={(row) => row.day}
      columns={[
        { label: "Day", value: (row) => row.day },
        { label: "Runs", value: (row) => formatCount(row.runs) },
        { label: "Completed", value: (row) => formatCount(row.completed) },
        { label: "Failed", value: (row) => formatCount(row.failed) },
        { label: "Waiting for approval", value: (row) => formatCount(row.waiting) },
        { label: "Running", value: (row) => formatCount(row.running) },
      ]}
    >
      <ResponsiveContainer>
        <BarChart data={days} {...common}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <DayAxis />
          <YAxis allowDecimals={false} tick={axisTick} width={40} />
          <Tooltip labelFormatter={(day) => shortDay(String(day))} />
          <Legend />
          <Bar dataKey="completed" name="Completed" stackId="runs" fill={COLORS.completed} isAnimationActive={false} />
          <Bar dataKey="failed" name="Failed" stackId="runs" fill={COLORS.failed} isAnimationActive={false} />
          <Bar
            dataKey="waiting"
            name="Waiting for approval"
            stackId="runs"
            fill={COLORS.waiting}
            isAnimationActive={false}
          />
          <Bar dataKey="running" name="Running" stackId="runs" fill={COLORS.running} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function TokensChart({ days }: { days: TUsageDay[] }) {
  return (
    <ChartFigure
      title="Model tokens"
      description="Input and output tokens that model providers counted for the day's runs. Runs on built-in models call no model and count none."
      rows={days}
      rowKey={(row) => row.day}
      columns={[
        { label: "Day", value: (row) => row.day },
        { label: "Input tokens", value: (row) => formatCount(row.inputTokens) },
        { label: "Output tokens", value: (row) => formatCount(row.outputTokens) },
      ]}
    >
      <ResponsiveContainer>
        <BarChart data={days} {...common}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <DayAxis />
          <YAxis tick={axisTick} width={56} tickFormatter={(value: number) => formatCount(value)} />
          <Tooltip labelFormatter={(day) => shortDay(String(day))} formatter={(value) => formatCount(Number(value))} />
          <Legend />
          <Bar dataKey="inputTokens" name="Input" stackId="tokens" fill={COLORS.input} isAnimationActive={false} />
          <Bar dataKey="outputTokens" name="Output" stackId="tokens" fill={COLORS.output} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function CostChart({ days }: { days: TUsageDay[] }) {
  return (
    <ChartFigure
      title="Model cost"
      description="What the day's runs cost at list prices (models without a known price count as free)."
      rows={days}
      rowKey={(row) => row.day}
      columns={[
        { label: "Day", value: (row) => row.day },
        { label: "Cost", value: (row) => formatUsd(row.costUsd) },
      ]}
    >
      <ResponsiveContainer>
        <LineChart data={days} {...common}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <DayAxis />
          <YAxis tick={axisTick} width={64} tickFormatter={(value: number) => formatUsd(value)} />
          <Tooltip labelFormatter={(day) => shortDay(String(day))} formatter={(value) => formatUsd(Number(value))} />
          <Line
            type="monotone"
            dataKey="costUsd"
            name="Cost"
            stroke={COLORS.cost}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function ApprovalsChart({ days }: { days: TUsageDay[] }) {
  return (
    <ChartFigure
      title="Approvals waited for"
      description="Tool calls that stopped for an approval each day, and how long the decided ones waited on average."
      rows={days}
      rowKey={(row) => row.day}
      columns={[
        { label: "Day", value: (row) => row.day },
        { label: "Approvals", value: (row) => formatCount(row.approvals) },
        {
          label: "Mean wait (minutes)",
          value: (row) => (row.approvalWaitMinutes === null ? "—" : formatCount(row.approvalWaitMinutes)),
        },
      ]}
    >
      <ResponsiveContainer>
        <BarChart data={days} {...common}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <DayAxis />
          <YAxis allowDecimals={false} tick={axisTick} width={40} />
          <Tooltip labelFormatter={(day) => shortDay(String(day))} />
          <Bar dataKey="approvals" name="Approvals" fill={COLORS.approvals} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function AutomationsChart({ rows }: { rows: TUsageByAutomation[] }) {
  return (
    <ChartFigure
      title="By agent and flow"
      description="Runs and failures of each agent and flow over the whole range, busiest first."
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        { label: "Name", value: (row) => row.name },
        { label: "Kind", value: (row) => (row.kind === "flow" ? "Flow" : "Agent") },
        { label: "Runs", value: (row) => formatCount(row.runs) },
        { label: "Failed", value: (row) => formatCount(row.failed) },
        { label: "Tokens", value: (row) => formatCount(row.tokens) },
        { label: "Cost", value: (row) => formatUsd(row.costUsd) },
      ]}
    >
      <ResponsiveContainer>
        <BarChart
          data={rows.map((row) => ({ ...row, succeeded: row.runs - row.failed }))}
          layout="vertical"
          {...common}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={axisTick} />
          <YAxis type="category" dataKey="name" tick={axisTick} width={120} />
          <Tooltip />
          <Legend />
          <Bar dataKey="succeeded" name="Not failed" stackId="runs" fill={COLORS.completed} isAnimationActive={false} />
          <Bar dataKey="failed" name="Failed" stackId="runs" fill={COLORS.failed} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
