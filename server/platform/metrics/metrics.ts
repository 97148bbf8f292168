// Stub: the operations helper replaces this file with the prom-client implementation.
export function recordRateLimitRefusal(_limit: string): void {}
export function recordHttpRequest(_labels: { route: string; method: string; status: number }, _seconds: number): void {}
export function setJobQueueDepthSource(_source: () => Promise<Record<string, number>>): void {}
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: 'text/plain; version=0.0.4; charset=utf-8', body: '' };
}
