package dev.bufmgr.results.plot;

/** How a chart's axis is scaled: linear, logarithmic, or decided from the data ({@link Axes#logSpaced}). */
public enum AxisScale {
  LINEAR,
  LOG,
  /** Logarithmic when the values are log-spaced ({@link Axes#logSpaced}), else linear. */
  AUTO
}
