export { capture, CaptureError, type CaptureOptions, type CaptureResult, type CaptureSummary, type CapturedToken } from './capture.ts'
export type { Placeholder, Skipped } from './context.ts'
export { streamProgress, type Progress, type ProgressStream } from './progress.ts'
