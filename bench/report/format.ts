import type { TargetCheck } from "./bench-report.js";

/** Number formatting shared by the Markdown and SVG reports. */

/** A share in [0, 1] with three decimals; "–" when there is nothing to show. */
export function share(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? "–" : value.toFixed(3);
}

/** Milliseconds: three significant digits below 10, one decimal up to 1,000, whole above. */
export function ms(value: number): string {
  if (Number.isNaN(value)) return "–";
  if (value < 10)
    return value
      .toPrecision(3)
      .replace(/(\.\d*?)0+$/, "$1")
      .replace(/\.$/, "");
  if (value < 1000) return value.toFixed(1);
  return Math.round(value).toLocaleString("en-US");
}

/** Mebibytes with one decimal. */
export function mb(value: number): string {
  return Number.isNaN(value) ? "–" : value.toFixed(1);
}

/** A whole number with thousands separators. */
export function count(value: number): string {
  return value.toLocaleString("en-US");
}

/** A measured value in its unit: "2.41×", "38.2 ms", "19.5 MB", "88.4%", "0". */
export function measuredText(value: number | null, unit: TargetCheck["unit"]): string {
  if (value === null || !Number.isFinite(value)) return "–";
  switch (unit) {
    case "×":
      return `${value.toFixed(2)}×`;
    case "ms":
      return `${ms(value)} ms`;
    case "MB":
      return `${mb(value)} MB`;
    case "%":
      return `${value.toFixed(1)}%`;
    case "scripts":
      return count(value);
    case "points":
      return `${value.toFixed(2)} points`;
  }
}

/** The limit as the issue writes it: "≤ 3×", "< 2×", "≥ 88%", "> 0 points". */
export function limitText(check: Pick<TargetCheck, "limit" | "comparison" | "unit">): string {
  const sign = { "<=": "≤", "<": "<", ">=": "≥", ">": ">" }[check.comparison];
  const { limit, unit } = check;
  const value =
    unit === "×" || unit === "%" ? `${limit}${unit}` : unit === "scripts" ? count(limit) : `${count(limit)} ${unit}`;
  return `${sign} ${value}`;
}
