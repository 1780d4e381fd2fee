// autocannon ships no types and @types/autocannon is not installed; only what run.ts uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    setupRequest?: (request: { path: string }) => { path: string };
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: { url: string; connections: number; duration: number; requests: Request[] }): Promise<Result>;
}
