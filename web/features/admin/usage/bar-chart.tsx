import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import uPlot from 'uplot'
import { formatDay } from '../../../i18n/format-chart'
import { useT } from '../../../i18n/i18n'
import '../../../i18n/areas/adminUsage'

/*
 * A stacked bar chart of one value per day, drawn by uPlot (canvas, ~23 KB gzipped, loaded only with
 * this section). The canvas is one picture (role img, its summary as the name); the figures stay
 * readable as a legend with totals (or the hovered day's values) and as a data table.
 */

/** A colour for each theme: the light one on white, the dark one on zinc-950 (both ≥ 3:1). */
export interface Colour {
  light: string
  dark: string
}

export interface BarSeries {
  label: string
  colour: Colour
  /** One value per day, aligned with `dates`. */
  values: number[]
}

/** uPlot's own stylesheet, reduced to what these charts use (no title, legend or selection). */
const UPLOT_CSS = `.uplot,.uplot *{box-sizing:border-box}.uplot{width:min-content}.u-wrap{position:relative;user-select:none}.u-over,.u-under{position:absolute}.u-under{overflow:hidden}.uplot canvas{display:block;position:relative;width:100%;height:100%}.u-axis{position:absolute}.u-legend,.u-select{display:none}.u-cursor-x,.u-cursor-y{position:absolute;left:0;top:0;pointer-events:none;will-change:transform}.u-hz .u-cursor-x{height:100%;border-right:1px dashed currentColor;opacity:.5}.u-cursor-y,.u-cursor-pt{display:none}.u-off{display:none}`
let styled = false
function addStyles() {
  if (styled) return
  styled = true
  const style = document.createElement('style')
  style.textContent = UPLOT_CSS
  document.head.append(style)
}

const isDarkNow = () => document.documentElement.classList.contains('dark')
/** Follows the `dark` class on <html> (the theme switch), so the canvas repaints in the other theme's colours. */
function useDark(): boolean {
  return useSyncExternalStore((notify) => {
    const observer = new MutationObserver(notify)
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    return () => observer.disconnect()
  }, isDarkNow)
}

const AXIS = { light: '#52525b', dark: '#a1a1aa' } // zinc-600 / zinc-400: ≥ 4.5:1 on the card
const GRID = { light: '#e4e4e7', dark: '#27272a' } // zinc-200 / zinc-800
const GAP = { light: '#ffffff', dark: '#09090b' } // the card: a hairline between stacked segments
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

export function BarChart({
  dates,
  series,
  format,
  axisFormat,
  axisSteps,
  summary,
  totalLabel,
  title,
}: {
  /** Calendar dates 'YYYY-MM-DD', oldest first. */
  dates: string[]
  /** Bottom of the stack first. */
  series: BarSeries[]
  /** A value as the legend and the table show it. */
  format: (value: number) => string
  /** A value as the y axis shows it (shorter). */
  axisFormat: (value: number) => string
  /** The y axis' tick steps (e.g. whole cents for money, whole tokens for tokens). */
  axisSteps: number[]
  /** The chart's text alternative: what it shows and its main figures. */
  summary: string
  totalLabel: string
  /** The chart's title: the name of its table's scrolling box. */
  title: string
}) {
  const t = useT()
  const dark = useDark()
  const box = useRef<HTMLDivElement>(null)
  const [hovered, setHovered] = useState<number | null>(null)
  const theme = dark ? 'dark' : 'light'

  const totals = useMemo(
    () => series.map((one) => one.values.reduce((sum, value) => sum + value, 0)),
    [series],
  )
  const dayTotals = useMemo(
    () => dates.map((_, day) => series.reduce((sum, one) => sum + (one.values[day] ?? 0), 0)),
    [dates, series],
  )

  useEffect(() => {
    const element = box.current
    if (!element) return
    addStyles()
    // Stacked: each series drawn as the running total up to it, the top of the stack first so the
    // lower segments paint over the bottom of the taller bars.
    const running: number[][] = []
    for (const [index, one] of series.entries())
      running.push(one.values.map((value, day) => value + (index > 0 ? running[index - 1]![day]! : 0)))
    const order = series.map((_, index) => index).reverse()
    const bars = uPlot.paths.bars!({ size: [0.8, 28, 1], align: 0 })
    const minTop = axisSteps[0]!
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: element.clientHeight || 224,
        legend: { show: false },
        padding: [8, 8, 0, 0],
        cursor: {
          points: { show: false },
          drag: { x: false, y: false, setScale: false },
          y: false,
        },
        scales: {
          x: { time: false, range: [-0.5, dates.length - 0.5] },
          y: { range: (_self, _min, max) => [0, Math.max(max ?? 0, minTop) * 1.05] },
        },
        axes: [
          {
            stroke: AXIS[theme],
            font: FONT,
            grid: { show: false },
            ticks: { show: false },
            incrs: [1, 2, 3, 7, 14, 28],
            space: 56,
            size: 28,
            values: (_self, splits) =>
              splits.map((split) => (Number.isInteger(split) && dates[split] ? formatDay(dates[split]) : '')),
          },
          {
            stroke: AXIS[theme],
            font: FONT,
            grid: { stroke: GRID[theme], width: 1 },
            ticks: { show: false },
            incrs: axisSteps,
            space: 36,
            // As wide as its longest label (about 7 px a character at 12 px), so large sums never clip.
            size: (_self, values) =>
              12 + 7 * Math.max(4, ...(values ?? []).map((value) => String(value ?? '').length)),
            values: (_self, splits) => splits.map(axisFormat),
          },
        ],
        series: [
          {},
          ...order.map((index) => ({
            label: series[index]!.label,
            fill: series[index]!.colour[theme],
            stroke: GAP[theme],
            width: 1,
            paths: bars,
            points: { show: false },
          })),
        ],
        hooks: {
          setCursor: [(self) => setHovered(self.cursor.idx ?? null)],
        },
      },
      [
        dates.map((_, index) => index),
        // A series with nothing that day draws no bar (a zero-height bar would still show its outline).
        ...order.map((index) =>
          running[index]!.map((top, day) => ((series[index]!.values[day] ?? 0) > 0 ? top : null)),
        ),
      ],
      element,
    )
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 200), height: element.clientHeight || 224 }),
    )
    resize.observe(element)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [dates, series, theme, axisFormat, axisSteps])

  const day = hovered !== null && dates[hovered] ? hovered : null
  return (
    <div>
      <div role="img" aria-label={summary} ref={box} className="h-56 w-full text-zinc-500" />
      {/* The legend: each series with its total for the period, or for the day under the pointer. */}
      <div className="mt-3 flex flex-wrap items-baseline gap-x-4 gap-y-1.5 text-sm">
        <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
          {day !== null ? formatDay(dates[day]!, 'long') : totalLabel}:{' '}
          {format(day !== null ? dayTotals[day]! : totals.reduce((sum, value) => sum + value, 0))}
        </span>
        {series.map((one, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two models may share a display name; the order is fixed
          <span key={index} className="inline-flex items-center gap-1.5 text-zinc-700 dark:text-zinc-300">
            <span
              className="inline-block size-3 shrink-0 rounded-sm"
              style={{ background: one.colour[theme] }}
              aria-hidden
            />
            <span>{one.label}</span>
            <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
              {format(day !== null ? (one.values[day] ?? 0) : totals[index]!)}
            </span>
          </span>
        ))}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded text-zinc-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-300">
          {t('adminUsage.showTable')}
        </summary>
        {/* Scrolls (90 rows): focusable and named, so a keyboard can scroll it too. */}
        <section
          aria-label={title}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className="mt-2 max-h-80 overflow-auto rounded-lg border border-zinc-200 focus-visible:outline-2 focus-visible:outline-brand dark:border-zinc-800"
        >
          <table className="w-full text-right tabular-nums">
            <thead className="sticky top-0 bg-zinc-50 dark:bg-zinc-900">
              <tr>
                <th scope="col" className="px-3 py-1.5 text-left font-semibold">
                  {t('adminUsage.date')}
                </th>
                {series.map((one, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above
                  <th key={column} scope="col" className="px-3 py-1.5 font-semibold">
                    {one.label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-1.5 font-semibold">
                  {t('adminUsage.total')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {dates.map((date, index) => (
                <tr key={date}>
                  <th scope="row" className="px-3 py-1 text-left font-normal">
                    {formatDay(date, 'long')}
                  </th>
                  {series.map((one, column) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <td key={column} className="px-3 py-1">
                      {format(one.values[index] ?? 0)}
                    </td>
                  ))}
                  <td className="px-3 py-1 font-medium">{format(dayTotals[index]!)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </div>
  )
}
