/** The trend chart's height, shared by the chart and the placeholder shown while its code loads (no layout shift). */
export const TREND_CHART_HEIGHT = 240;
